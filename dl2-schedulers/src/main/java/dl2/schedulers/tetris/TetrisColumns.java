package dl2.schedulers.tetris;

/** Jobs in id order with their work and demand group: parallel columns. */
final class TetrisColumns {
  /** The job objects, compared only by identity. */
  final Object[] jobs;

  final int[] ids;
  final double[] work;
  final int[] group;

  TetrisColumns(int capacity) {
    jobs = new Object[capacity];
    ids = new int[capacity];
    work = new double[capacity];
    group = new int[capacity];
  }

  void copyTo(int from, TetrisColumns to, int at, int count) {
    System.arraycopy(jobs, from, to.jobs, at, count);
    System.arraycopy(ids, from, to.ids, at, count);
    System.arraycopy(work, from, to.work, at, count);
    System.arraycopy(group, from, to.group, at, count);
  }
}
