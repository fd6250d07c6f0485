package dl2.experiment;

import dl2.shard.Shard;
import dl2.shard.ShardResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The work pass of one shard: the studies run again and ask for the same units in the same order as
 * in the {@link UnitPlan}; this shard's units are computed and their results kept, the others get
 * stand-ins.
 */
final class ShardUnits implements WorkUnits {
  private final List<WorkUnit<?>> planned;
  private final Map<String, Integer> owners;
  private final Shard shard;
  private final Map<String, Object> answered = new HashMap<>();
  private final List<ShardResult.UnitResult> results = new ArrayList<>();
  private int asked;

  ShardUnits(UnitPlan plan, Shard shard) {
    this.planned = plan.units();
    this.owners = plan.owners(shard.count());
    this.shard = shard;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T run(WorkUnit<T> unit, Supplier<T> compute) {
    if (answered.containsKey(unit.key())) {
      return (T) answered.get(unit.key());
    }
    WorkUnit<?> expected = asked < planned.size() ? planned.get(asked) : null;
    if (expected == null
        || !expected.key().equals(unit.key())
        || !expected.what().equals(unit.what())) {
      throw new IllegalStateException(
          "the studies asked for "
              + unit.key()
              + " where the plan has "
              + (expected == null ? "nothing" : expected.key())
              + ": a study's units depend on its results");
    }
    asked++;
    T result;
    if (owners.get(unit.key()) == shard.index()) {
      result = compute.get();
      results.add(ShardResult.UnitResult.of(unit.key(), unit.what(), unit.codec().encode(result)));
    } else {
      result = unit.codec().standIn();
    }
    answered.put(unit.key(), result);
    return result;
  }

  /** This shard's results, in the order they were computed. */
  List<ShardResult.UnitResult> results() {
    return List.copyOf(results);
  }
}
