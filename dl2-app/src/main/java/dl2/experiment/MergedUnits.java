package dl2.experiment;

import dl2.io.InputException;
import dl2.shard.ShardResult;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The merge's units: each answered from the shard that computed it, so that the studies build the
 * very tables and plots of a local run. A unit no shard computed is computed here only if its study
 * runs where it is merged (it reads local input files); otherwise the shards and the merge disagree
 * about the experiment, and the merge stops in one line.
 */
final class MergedUnits implements WorkUnits {
  private final Map<String, ShardResult.UnitResult> results = new HashMap<>();
  private final Map<String, Object> answered = new HashMap<>();
  private final Set<String> used = new HashSet<>();

  MergedUnits(List<ShardResult> shards) {
    for (ShardResult shard : shards) {
      for (ShardResult.UnitResult unit : shard.units()) {
        if (results.putIfAbsent(unit.key(), unit) != null) {
          throw new InputException(
              "two shards hold a result for "
                  + unit.key()
                  + ": they were not cut from one experiment");
        }
      }
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T run(WorkUnit<T> unit, Supplier<T> compute) {
    if (answered.containsKey(unit.key())) {
      return (T) answered.get(unit.key());
    }
    ShardResult.UnitResult found = results.get(unit.key());
    T result;
    if (found == null && unit.mergeMayCompute()) {
      if (unit.inputs().stream().anyMatch(StandInPolicy::is)) {
        throw new InputException(
            "the merge cannot compute "
                + unit.key()
                + " ("
                + unit.what()
                + "): it needs a policy that a "
                + "shard trained, whose checkpoint is not here; run this study without --shard");
      }
      result = compute.get();
    } else if (found == null) {
      throw new InputException(
          "no shard holds a result for "
              + unit.key()
              + " ("
              + unit.what()
              + "): the shards were run with "
              + "other options or another version of dl2");
    } else if (!found.what().equals(unit.what())) {
      throw new InputException(
          "the shards' "
              + unit.key()
              + " is '"
              + found.what()
              + "', not '"
              + unit.what()
              + "': the shards were run with other options or another version of dl2");
    } else {
      try {
        result = unit.codec().decode(found.numbers());
      } catch (RuntimeException e) {
        throw new InputException(
            "the shards' result for " + unit.key() + " is damaged: " + e.getMessage());
      }
      used.add(unit.key());
    }
    answered.put(unit.key(), result);
    return result;
  }

  /**
   * Results that no study asked for, sorted; none when shards and merge ran the same experiment.
   */
  Set<String> unused() {
    Set<String> unused = new TreeSet<>(results.keySet());
    unused.removeAll(used);
    return unused;
  }
}
