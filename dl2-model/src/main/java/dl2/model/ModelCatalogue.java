package dl2.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The models a run knows by name: the eight built-ins, then the models a user declared, numbered 9,
 * 10, ... in declaration order. Readers of traces and speed tables look names up here, so a trace
 * may name any declared model; without declarations it is exactly the eight.
 */
public final class ModelCatalogue {
  /** The eight built-in models and nothing else. */
  public static final ModelCatalogue BUILT_IN = new ModelCatalogue(List.of());

  /**
   * How many models may be declared: the type-indexed tables have {@link JobType#MAX_TYPES} rows.
   */
  public static final int MAX_DECLARED = JobType.MAX_TYPES - JobType.values().length;

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._+-]*");

  private final List<JobType> declared;

  private ModelCatalogue(List<JobType> declared) {
    this.declared = List.copyOf(declared);
  }

  /** Whether {@code name} (already trimmed and lower-cased) may name a model. */
  public static boolean validName(String name) {
    return NAME.matcher(name).matches();
  }

  /** The canonical form of a model name: trimmed, lower case. */
  public static String canonical(String name) {
    return name.trim().toLowerCase(Locale.ROOT);
  }

  /**
   * This catalogue and one more model. The name must be valid and new, and the catalogue not full
   * ({@link IllegalArgumentException} otherwise; readers check first to name the line).
   */
  public ModelCatalogue declare(String name, double epochSize, Resources worker, Resources ps) {
    return declare(name, epochSize, worker, ps, Map.of());
  }

  /**
   * Like {@link #declare(String, double, Resources, Resources)}, with the model's speed factor per
   * GPU type name (types not named run at factor 1).
   */
  public ModelCatalogue declare(
      String name,
      double epochSize,
      Resources worker,
      Resources ps,
      Map<String, Double> gpuFactors) {
    String model = canonical(name);
    if (!validName(model)) {
      throw new IllegalArgumentException("not a valid model name: '" + name + "'");
    }
    if (byModelName(model).isPresent()) {
      throw new IllegalArgumentException("model '" + model + "' is already known");
    }
    if (declared.size() >= MAX_DECLARED) {
      throw new IllegalArgumentException("at most " + MAX_DECLARED + " models can be declared");
    }
    List<JobType> more = new ArrayList<>(declared);
    more.add(
        JobType.declared(
            JobType.values().length + declared.size() + 1,
            model,
            epochSize,
            worker,
            ps,
            gpuFactors));
    return new ModelCatalogue(more);
  }

  /** The model named {@code name} (case-insensitive): a built-in or a declared one. */
  public Optional<JobType> byModelName(String name) {
    String wanted = canonical(name);
    return JobType.byModelName(wanted)
        .or(() -> declared.stream().filter(t -> t.modelName().equals(wanted)).findFirst());
  }

  /** The declared models, in declaration order. */
  public List<JobType> declared() {
    return declared;
  }

  /** Built-ins then declared models, in number order. */
  public List<JobType> all() {
    List<JobType> all = new ArrayList<>(Arrays.asList(JobType.values()));
    all.addAll(declared);
    return all;
  }

  /** Comma-separated model names, for error messages. */
  public String modelNames() {
    return String.join(", ", all().stream().map(JobType::modelName).toList());
  }
}
