package dl2.learning.sl;

/**
 * How the teacher's decisions become warm-up samples (dl2-spec §8). The last two are the spec's
 * candidate fixes of its SL/RL mismatches 1 and 2 (Project, off by default).
 *
 * @param bundles label the teacher's bundles as bundles, not worker-then-PS pairs (the original
 *     splits them)
 * @param dropUnlabelled drop samples whose job is outside the window (the original keeps them)
 * @param shuffleColumns place window jobs in random columns (the original's augmentation); off
 *     keeps RL's arrival order, removing SL/RL mismatch 4
 * @param slotStartBundle teacher slots start from RL's 1/1 slot start instead of 0/0 (mismatch 1)
 * @param stopLabels the teacher's final state of each slot is labelled "stop" (mismatch 2)
 */
public record Labels(
    boolean bundles,
    boolean dropUnlabelled,
    boolean shuffleColumns,
    boolean slotStartBundle,
    boolean stopLabels) {
  /** The original's labelling: split bundles, keep unlabelled samples, shuffle columns. */
  public static final Labels DEFAULTS = new Labels(false, false, true, false, false);
}
