package dl2.schedulers.tetris;

import dl2.slot.JobView;
import java.util.TreeSet;

/** The jobs of one normalised bundle demand, whose alignments are equal at any node. */
final class TetrisDemandGroup {
  final double coreDemand;
  final double gpuDemand;
  final TreeSet<TetrisEntry> byWork = new TreeSet<>(TetrisEntry.MOST_WORK_FIRST);

  TetrisDemandGroup(double coreDemand, double gpuDemand) {
    this.coreDemand = coreDemand;
    this.gpuDemand = gpuDemand;
  }

  /** Tetris' alignment score of this demand at a node with these free core and GPU fractions. */
  double align(double freeCores, double freeGpus) {
    return freeCores * coreDemand + freeGpus * gpuDemand;
  }

  double work(JobView job) {
    return (coreDemand + gpuDemand) * Math.max(0, job.remainingFraction());
  }
}
