package dl2.experiment;

import java.util.function.Supplier;

/**
 * Where an experiment's work units are done: all here as they come (a local run), or one shard's
 * share ({@link UnitPlan}, {@link ShardUnits}), or answered from the shards' results at the merge
 * ({@link MergedUnits}). The studies ask for every unit the same way, in the same order, whichever
 * it is.
 */
interface WorkUnits {
  /** Everything computed here, in the order asked: the local run. */
  WorkUnits LOCAL =
      new WorkUnits() {
        @Override
        public <T> T run(WorkUnit<T> unit, Supplier<T> compute) {
          return compute.get();
        }
      };

  /** The result of {@code unit}: {@code compute}d here, or a stand-in, or another shard's. */
  <T> T run(WorkUnit<T> unit, Supplier<T> compute);
}
