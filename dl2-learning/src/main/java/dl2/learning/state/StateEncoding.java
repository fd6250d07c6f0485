package dl2.learning.state;

/** Which state layout the policy sees (dl2-spec §7.1). */
public enum StateEncoding {
  /**
   * Original: a 6×J matrix flattened row-major (index = row·J + col); rows are type 1..8,
   * ts − a, 1 − P/E, dom, w, u.
   */
  ORIGINAL,
  /**
   * Paper: [one-hot type J·8 | slots run J | remaining epochs J | dom J | w J | u J], one-hot
   * type at index col·8 + (k − 1).
   */
  PAPER,
  /**
   * Project: what a cluster observes about each job, without its model's name
   * ({@link ObservedFeatures}, feature-major like the original: feature f of column c at f·J + c).
   */
  OBSERVED,
  /**
   * Project: the observed features and where tasks would go. Each window job has one column per
   * {@link NodeKind} (columns job by job, kind {@code c mod 3} in column c), so an action picks a job,
   * a task and the kind of node it goes to; each column adds {@link PlacedFeatures} to the job's
   * {@link ObservedFeatures}. The window counts columns: three per job.
   */
  PLACED
}
