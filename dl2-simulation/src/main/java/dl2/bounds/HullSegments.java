package dl2.bounds;

/**
 * The hull segments of the priced slots [arrival, horizon): work, cost per epoch, and the change in
 * cores and in each GPU pool's GPUs ({@link SlotHulls}).
 */
final class HullSegments {
  final int size;
  final double[] work;
  final double[] unit;
  final double[] cores;
  final double[] gpus;
  final int[] gpuPool;
  final double[] gpusLeft;
  final int[] leftPool;
  final int[] slot;
  final int[] slotStart; // first segment of each slot, and one past the last

  HullSegments(int size, int slots) {
    this.size = size;
    work = new double[size];
    unit = new double[size];
    cores = new double[size];
    gpus = new double[size];
    gpuPool = new int[size];
    gpusLeft = new double[size];
    leftPool = new int[size];
    slot = new int[size];
    slotStart = new int[slots + 1];
  }
}
