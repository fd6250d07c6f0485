/**
 * What a cluster may believe of a job's length (docs/job-lengths.md): the posterior of the true
 * length given the training traces' lengths (the prior), the error model (the likelihood), a job's
 * estimate and its progress. Shared by the information-matched baselines ({@code
 * dl2.schedulers.lengths}) and DL2's state ({@code dl2.learning.state}), so that both believe the
 * same thing; it reads no running job's truth.
 */
package dl2.lengths;
