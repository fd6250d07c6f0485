package dl2.schedulers.lengths;

import dl2.lengths.LengthBelief;
import dl2.schedulers.OptimusRemaining.RemainingEpochs;
import dl2.slot.JobView;

/**
 * A job's remaining epochs as the posterior expectation E[S − P | S > P, estimate] under the
 * training traces' length prior and the run's error model, the prior alone when the job has no
 * estimate: the belief DL2's state reads ({@link LengthBelief}), remembered per job until its
 * progress moves.
 */
final class PosteriorRemaining implements RemainingEpochs {
  private final LengthBelief belief;

  PosteriorRemaining(LengthPrior prior) {
    this.belief = LengthBelief.posterior(prior.posterior());
  }

  @Override
  public double of(JobView job) {
    return belief.remaining(job);
  }
}
