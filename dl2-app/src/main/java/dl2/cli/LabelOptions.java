package dl2.cli;

import dl2.learning.sl.Labels;
import picocli.CommandLine.Option;

/** How teacher decisions become warm-up samples (dl2-spec §8), shared by train-sl and train. */
final class LabelOptions {
  @Option(
      names = "--bundle-labels",
      description = "Label teacher bundles as bundle actions instead of worker-then-PS pairs.")
  boolean bundleLabels;

  @Option(
      names = "--drop-unlabelled",
      description = "Drop samples whose job is outside the window (the original keeps them).")
  boolean dropUnlabelled;

  @Option(
      names = "--no-shuffle",
      description =
          "Keep window jobs in arrival order (as RL sees them) instead of shuffling columns.")
  boolean noShuffle;

  @Option(
      names = "--slot-start-bundle",
      description =
          "Teacher slots start from RL's 1/1 slot start instead of 0/0 (fixes SL/RL mismatch 1).")
  boolean slotStartBundle;

  @Option(
      names = "--stop-labels",
      description = "Label the teacher's final state of each slot 'stop' (fixes SL/RL mismatch 2).")
  boolean stopLabels;

  /** The labelling rules asked for. */
  Labels labels() {
    return new Labels(bundleLabels, dropUnlabelled, !noShuffle, slotStartBundle, stopLabels);
  }
}
