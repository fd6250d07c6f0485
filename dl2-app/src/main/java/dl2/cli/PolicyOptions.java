package dl2.cli;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.simulation.StarvedRunException;
import dl2.slot.SchedulerName;
import dl2.workload.LengthKnowledge;
import dl2.workload.Preset;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Which trained policy runs as the {@code dl2} scheduler, and how it decodes actions. Without
 * {@code --policy}, the policy shipped for the preset runs, wherever a command can run dl2.
 */
public final class PolicyOptions {
  @Option(
      names = "--policy",
      paramLabel = "FILE",
      description =
          "A trained DL2 policy file (from train-sl or train) to run as scheduler dl2 (default: the policy "
              + "shipped for the preset, policies/PRESET.policy, if there is one; under --lengths estimated or "
              + "unknown policies/PRESET-LENGTHS.policy where it exists).")
  Path policy;

  @Option(
      names = "--decoding",
      paramLabel = "MODE",
      defaultValue = "greedy",
      description =
          "How dl2 picks actions: greedy (argmax) or sampled (default: ${DEFAULT-VALUE}).")
  String decoding = "greedy";

  /**
   * The given policy, if one was given; a bad file is a one-line InputException. With a {@code
   * preset}, a policy trained for other settings gets a warning on {@code err}.
   */
  Optional<PolicyFile> load(Preset preset, PrintWriter err) {
    decoding();
    return Optional.ofNullable(policy).map(p -> loadChecked("--policy", p, preset, err));
  }

  /**
   * The policy to run as dl2: the given one, else, when {@code shippedToo}, the one shipped for
   * {@code preset}.
   */
  Optional<Path> policyFor(String preset, boolean shippedToo) {
    return policyFor(preset, LengthKnowledge.EXACT, shippedToo);
  }

  /**
   * The policy to run as dl2: the given one, else, when {@code shippedToo}, the one shipped for
   * {@code preset} in a world where schedulers know {@code lengths} of job lengths.
   */
  Optional<Path> policyFor(String preset, LengthKnowledge lengths, boolean shippedToo) {
    if (policy != null) {
      return Optional.of(policy);
    }
    return shippedToo ? shipped(preset, lengths) : Optional.empty();
  }

  /**
   * Like {@link #load}, but falling back to the shipped policy of {@code preset} when {@code
   * shippedToo}.
   */
  Optional<PolicyFile> loadFor(Preset preset, boolean shippedToo, PrintWriter err) {
    return loadFor(preset, LengthKnowledge.EXACT, shippedToo, err);
  }

  /**
   * Like {@link #loadFor(Preset, boolean, PrintWriter)}, for a world that knows {@code lengths}.
   */
  Optional<PolicyFile> loadFor(
      Preset preset, LengthKnowledge lengths, boolean shippedToo, PrintWriter err) {
    decoding();
    return policyFor(preset.name(), lengths, shippedToo)
        .map(p -> loadChecked("--policy", p, preset, err));
  }

  /**
   * Reads the policy file {@code file} given as {@code flag}: the path is checked first, the file
   * fully ({@link PolicyFile#load}); a policy trained on another preset whose window, cap or epoch
   * scale differ from {@code preset}'s (when not null) runs as it is, with a one-line warning on
   * {@code err}.
   */
  static PolicyFile loadChecked(String flag, Path file, Preset preset, PrintWriter err) {
    OutputPaths.checkInput(flag, file);
    PolicyFile loaded = PolicyFile.load(file);
    // A policy trained (and selected) on this preset was measured there: nothing to warn of.
    if (preset != null && !preset.name().equals(loaded.training().preset())) {
      loaded
          .settings()
          .mismatch(preset)
          .ifPresent(
              m -> {
                err.println("dl2: warning: " + flag + " " + file + ": " + m);
                err.flush();
              });
    }
    return loaded;
  }

  /**
   * {@code policy}, after a one-line note on {@code err} when {@code scheduler} runs it under
   * another placement than the one it was trained with ({@code train --placement}).
   */
  static Optional<PolicyFile> notingPlacement(
      Optional<PolicyFile> policy, SchedulerName scheduler, PrintWriter err) {
    policy
        .filter(p -> scheduler.scheduler().equals(SchedulerCatalog.POLICY))
        .ifPresent(
            p -> {
              String trained = p.training().trainedPlacement();
              String placement = scheduler.placementOrDefault();
              if (!trained.equals(placement)) {
                err.println(
                    "dl2: note: the policy was trained with its tasks placed by "
                        + trained
                        + "; this runs it under "
                        + placement
                        + " (--placement "
                        + trained
                        + " runs it as trained)");
                err.flush();
              }
            });
    return policy;
  }

  /**
   * The policy shipped for {@code preset}: {@code policies/PRESET.policy} under {@code -Ddl2.home},
   * if present.
   */
  static Optional<Path> shipped(String preset) {
    return shipped(preset, LengthKnowledge.EXACT);
  }

  /**
   * The policy shipped for {@code preset} where schedulers know {@code lengths}: {@code
   * policies/PRESET-LENGTHS.policy} (trained under that setting) when it is there and lengths are
   * not exact, else {@code policies/PRESET.policy}, if present.
   */
  static Optional<Path> shipped(String preset, LengthKnowledge lengths) {
    String home = System.getProperty("dl2.home");
    if (home == null) {
      return Optional.empty();
    }
    Path folder = Path.of(home, "policies");
    Path trainedForLengths = folder.resolve(lengths.policyName(preset) + ".policy");
    if (lengths != LengthKnowledge.EXACT && Files.isRegularFile(trainedForLengths)) {
      return Optional.of(trainedForLengths);
    }
    Path shipped = folder.resolve(preset + ".policy");
    return Files.isRegularFile(shipped) ? Optional.of(shipped) : Optional.empty();
  }

  /**
   * {@code stop} naming the policy file that ran when the starving scheduler was dl2; any other
   * stop as it is.
   */
  static StarvedRunException naming(StarvedRunException stop, Optional<Path> policy) {
    return stop.scheduler().equals(SchedulerCatalog.POLICY) && policy.isPresent()
        ? stop.by("policy " + policy.get())
        : stop;
  }

  Decoding decoding() {
    return switch (decoding) {
      case "greedy" -> Decoding.GREEDY;
      case "sampled" -> Decoding.SAMPLED;
      default -> throw new InputException("--decoding must be greedy or sampled: " + decoding);
    };
  }
}
