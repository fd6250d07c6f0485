package dl2.learning.state;

/**
 * Which state layout the policy sees (dl2-spec §7.1): the name policy files record, one {@link
 * Encoding} each.
 */
public enum StateEncoding {
  /**
   * Original: a 6×J matrix flattened row-major (index = row·J + col); rows are type 1..8, ts − a, 1
   * − P/E, dom, w, u ({@link OriginalEncoding}).
   */
  ORIGINAL(1),
  /**
   * Paper: [one-hot type J·8 | slots run J | remaining epochs J | dom J | w J | u J], one-hot type
   * at index col·8 + (k − 1) ({@link PaperEncoding}).
   */
  PAPER(1),
  /**
   * Project: what a cluster observes about each job, without its model's name ({@link
   * ObservedEncoding}, feature-major like the original: feature f of column c at f·J + c).
   */
  OBSERVED(1),
  /**
   * Project: the observed features and where tasks would go. Each window job has one column per
   * {@link NodeKind} (columns job by job, kind {@code c mod 3} in column c), so an action picks a
   * job, a task and the kind of node it goes to ({@link PlacedEncoding}). The window counts
   * columns: three per job.
   */
  PLACED(NodeKind.count()),
  /**
   * Project: the placed encoding for clusters of several GPU types. Each window job has four
   * columns: beside its own tasks, then the least-loaded node of each of the cluster's (at most
   * three) GPU types, so an action picks a job, a task and the type it runs on ({@link
   * TypedEncoding}). The window counts columns: four per job.
   */
  TYPED(TypedKind.COUNT);

  private final int columnsPerJob;

  StateEncoding(int columnsPerJob) {
    this.columnsPerJob = columnsPerJob;
  }

  /**
   * Columns per window job: one, or one per kind of node when an action also chooses where its task
   * goes.
   */
  public int columnsPerJob() {
    return columnsPerJob;
  }

  /** Whether an action names the node of its task, so that no placement decides for the policy. */
  public boolean placesItsOwnTasks() {
    return columnsPerJob > 1;
  }

  /**
   * A fresh encoding of this layout for a window of {@code window} columns, trained with cap {@code
   * taskCap} and {@code maxEpochs}, inputs scaled to order one if {@code scaled}.
   */
  public Encoding create(int window, int taskCap, double maxEpochs, boolean scaled) {
    return switch (this) {
      case ORIGINAL -> new OriginalEncoding(window, taskCap, maxEpochs, scaled);
      case PAPER -> new PaperEncoding(window, taskCap, maxEpochs, scaled);
      case OBSERVED -> new ObservedEncoding(window, taskCap, maxEpochs, scaled);
      case PLACED -> new PlacedEncoding(window, taskCap, maxEpochs, scaled);
      case TYPED -> new TypedEncoding(window, taskCap, maxEpochs, scaled);
    };
  }
}
