package dl2.lengths;

import dl2.slot.JobView;
import java.util.HashMap;
import java.util.Map;

/**
 * What a reader of job lengths (DL2's state) takes a job's length E to be. {@link #AS_GIVEN}: the
 * length the job shows (exact lengths, or the raw estimate), the job itself. {@link #posterior}:
 * the posterior expected total length, P + E[S − P | S > P, estimate] ({@link
 * LengthPosterior#expectedRemainingEpochs}), from the prior alone where the job has no estimate;
 * remembered per job until its progress or estimate moves. One per scheduler: it is not
 * thread-safe.
 */
public final class LengthBelief {
  /** The job as it is: its own E. */
  public static final LengthBelief AS_GIVEN = new LengthBelief(null);

  private record Belief(double progress, double estimate, double remaining) {}

  private final LengthPosterior posterior;
  private final Map<Integer, Belief> beliefs = new HashMap<>();

  private LengthBelief(LengthPosterior posterior) {
    this.posterior = posterior;
  }

  /** A fresh belief in {@code posterior}'s expected total length. */
  public static LengthBelief posterior(LengthPosterior posterior) {
    return new LengthBelief(posterior);
  }

  /** Whether jobs are shown as they are. */
  public boolean asGiven() {
    return posterior == null;
  }

  /** {@code job} with the length believed here (the job itself under {@link #AS_GIVEN}). */
  public JobView view(JobView job) {
    return posterior == null ? job : new BelievedJob(job, epochs(job));
  }

  /** The length believed for {@code job}: P + E[S − P | S > P, estimate]. */
  public double epochs(JobView job) {
    return posterior == null ? job.epochs() : job.progress() + remaining(job);
  }

  /**
   * The remaining work believed for {@code job} (a posterior belief only): E[S − P | S > P,
   * estimate], computed once per job and progress.
   */
  public double remaining(JobView job) {
    Belief belief = beliefs.get(job.id());
    double estimate = job.lengthKnown() ? job.epochs() : Double.NaN;
    // keyed by id, checked against progress and estimate: a training run replays traces whose
    // job ids restart, and one belief serves them all
    if (belief == null
        || belief.progress() != job.progress()
        || Double.compare(belief.estimate(), estimate) != 0) {
      belief =
          new Belief(
              job.progress(),
              estimate,
              posterior.expectedRemainingEpochs(job.progress(), estimate));
      beliefs.put(job.id(), belief);
    }
    return belief.remaining();
  }
}
