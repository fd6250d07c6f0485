package dl2.lengths;

import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.workload.LengthError;
import dl2.workload.Preset;
import dl2.workload.TraceSets;
import java.util.Arrays;
import java.util.List;

/**
 * The posterior of a job's length: prior π the true lengths of the training traces' jobs (which
 * have finished: the history a cluster keeps, never a running job's truth), likelihood the error
 * model's density of ln(estimate / length). E[S − P | S > P, Ê] = Σ_{s > P} π(s)·g(ln(Ê/s))·(s − P)
 * / Σ_{s > P} π(s)·g(ln(Ê/s)); without an estimate, the prior alone.
 */
public final class LengthPosterior {
  /** Training traces a prior is learned from. */
  public static final int TRAINING_TRACES = 3;

  private final double[] epochs;
  private final LengthError error;

  /** The prior of these true lengths (any order, at least one), for estimates that err as error. */
  public LengthPosterior(double[] epochs, LengthError error) {
    if (epochs.length == 0) {
      throw new IllegalArgumentException("a length prior needs at least one job");
    }
    this.epochs = epochs.clone();
    Arrays.sort(this.epochs);
    this.error = error;
  }

  /** The prior of {@code training}'s true lengths, for estimates that err as {@code error}. */
  public static LengthPosterior of(List<Trace> training, LengthError error) {
    return new LengthPosterior(
        training.stream()
            .flatMap(t -> t.jobs().stream())
            .mapToDouble(JobSpec::realEpochs)
            .toArray(),
        error);
  }

  /**
   * The prior of {@code preset}'s first {@link #TRAINING_TRACES} training traces under {@code
   * baseSeed}, for estimates that err as {@code error}.
   */
  public static LengthPosterior ofPreset(Preset preset, long baseSeed, LengthError error) {
    return of(training(preset, baseSeed), error);
  }

  /** The training traces a prior of {@code preset} is learned from. */
  public static List<Trace> training(Preset preset, long baseSeed) {
    return TraceSets.training(preset, baseSeed, 0, TRAINING_TRACES);
  }

  /** The prior's true lengths, ascending. */
  public double[] epochs() {
    return epochs.clone();
  }

  public LengthError error() {
    return error;
  }

  /**
   * E[S − P | S > P, the estimate]: the expected remaining epochs of a job that has done {@code
   * progress} epochs, over the prior's lengths above it weighted by the likelihood of {@code
   * estimate} (NaN: no estimate, the prior alone); when no prior length exceeds the progress, the
   * estimate's remainder if positive, else as far past the longest as the longest is past its
   * median. Always positive.
   */
  public double expectedRemainingEpochs(double progress, double estimate) {
    double weights = 0;
    double sum = 0;
    for (int i = epochs.length - 1; i >= 0 && epochs[i] > progress; i--) {
      double w = Double.isNaN(estimate) ? 1 : error.likelihood(estimate, epochs[i]);
      weights += w;
      sum += w * (epochs[i] - progress);
    }
    if (weights > 0) {
      return sum / weights;
    }
    if (!Double.isNaN(estimate) && estimate > progress) {
      return estimate - progress; // beyond the prior's reach: the estimate alone
    }
    return Math.max(1e-9, epochs[epochs.length - 1] - epochs[epochs.length / 2]);
  }
}
