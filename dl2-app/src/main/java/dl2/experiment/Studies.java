package dl2.experiment;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.io.Suggestion;
import java.util.ArrayList;
import java.util.List;

/** Every study by name, in the order {@code all} runs them. */
public final class Studies {
  public static final String ALL = "all";

  /** Both load sweeps: arrival rate and cluster size. */
  public static final String LOAD_SWEEP = "load-sweep";

  private Studies() {}

  public static List<Study> list() {
    List<Study> studies =
        new ArrayList<>(
            List.of(
                new SpeedVariationStudy(),
                new EpochErrorStudy(),
                new LengthErrorStudy(),
                new TeacherStudy(),
                new JobTypesStudy(),
                new ClusterScaleStudy(),
                new AgentsStudy()));
    studies.addAll(AblationStudy.all());
    studies.add(new OfflineRlStudy());
    studies.add(new RealTracesStudy());
    studies.add(new HeuristicVariantsStudy());
    studies.add(new StrongerGreedyStudy());
    studies.add(new ObservedGreedyStudy());
    studies.add(new RolloutVariantsStudy());
    studies.add(new UnseenTypesStudy());
    studies.addAll(LoadSweepStudy.both());
    return List.copyOf(studies);
  }

  public static List<String> names() {
    return list().stream().map(Study::name).toList();
  }

  /** Fails, before any study runs, if an input file one of {@code studies} reads is missing. */
  public static void checkInputs(
      List<Study> studies, java.nio.file.Path sharedTraces, boolean quick) {
    if (studies.stream().anyMatch(s -> s instanceof RealTracesStudy)) {
      RealTracesStudy.requireWorkloads(sharedTraces, quick);
    }
  }

  /**
   * {@code studies} under each of {@code placements} in turn (experiment --placement), study by
   * study: the study itself for its own placement ({@link Study#placement}: least-loaded,
   * fewest-nodes for rollout-variants), else a {@link PlacedStudy}; none given leaves them as they
   * are. An unknown placement (compare's message) or one given twice is a one-line InputException.
   */
  public static List<Study> placed(List<Study> studies, List<String> placements) {
    if (placements.isEmpty()) {
      return studies;
    }
    for (String placement : placements) {
      SchedulerCatalog.checkPolicyPlacement(placement);
      if (placements.indexOf(placement) != placements.lastIndexOf(placement)) {
        throw new InputException(
            "--placement names " + placement + " twice: give each placement once");
      }
    }
    List<Study> placed = new ArrayList<>();
    for (Study study : studies) {
      placements.forEach(
          p -> placed.add(p.equals(study.placement()) ? study : new PlacedStudy(study, p)));
    }
    return List.copyOf(placed);
  }

  /**
   * The studies {@code name} stands for: one, both load sweeps for {@code load-sweep}, or every
   * study for {@code all}.
   */
  public static List<Study> byName(String name) {
    if (name.equals(ALL)) {
      return list();
    }
    if (name.equals(LOAD_SWEEP)) {
      return LoadSweepStudy.both();
    }
    return list().stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .map(List::of)
        .orElseThrow(
            () ->
                new InputException(
                    "unknown experiment '"
                        + name
                        + "'"
                        + Suggestion.didYouMean(name, allNames())
                        + "; valid experiments: "
                        + String.join(", ", names())
                        + ", "
                        + LOAD_SWEEP
                        + ", "
                        + ALL));
  }

  /** Every name {@code experiment} takes: the studies, the load sweep and "all". */
  private static List<String> allNames() {
    List<String> all = new ArrayList<>(names());
    all.add(LOAD_SWEEP);
    all.add(ALL);
    return all;
  }
}
