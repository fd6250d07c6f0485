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
  OBSERVED
}
