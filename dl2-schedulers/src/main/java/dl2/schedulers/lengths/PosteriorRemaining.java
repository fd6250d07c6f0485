package dl2.schedulers.lengths;

import dl2.schedulers.OptimusRemaining.RemainingEpochs;
import dl2.slot.JobView;
import java.util.HashMap;
import java.util.Map;

/**
 * A job's remaining epochs as the posterior expectation E[S − P | S > P, estimate] under the
 * training traces' length prior and the run's error model ({@link
 * LengthPrior#expectedRemainingEpochs}); the prior alone when the job has no estimate. Remembered
 * per job until its progress moves.
 */
final class PosteriorRemaining implements RemainingEpochs {
  private record Belief(double progress, double remaining) {}

  private final LengthPrior prior;
  private final Map<Integer, Belief> beliefs = new HashMap<>();

  PosteriorRemaining(LengthPrior prior) {
    this.prior = prior;
  }

  @Override
  public double of(JobView job) {
    Belief belief = beliefs.get(job.id());
    if (belief == null || belief.progress() != job.progress()) {
      double estimate = job.lengthKnown() ? job.epochs() : Double.NaN;
      belief = new Belief(job.progress(), prior.expectedRemainingEpochs(job.progress(), estimate));
      beliefs.put(job.id(), belief);
    }
    return belief.remaining();
  }
}
