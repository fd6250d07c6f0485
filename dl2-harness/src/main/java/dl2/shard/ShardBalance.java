package dl2.shard;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Independent pieces of work (groups of an experiment's units, a sweep's training runs) dealt to
 * shards by estimated cost, longest first, each to the shard with the least work so far (ties: the
 * lower shard). Costs are estimates, so the balance is rough, but the deal depends on nothing else:
 * every shard computes the same one.
 */
public final class ShardBalance {
  private ShardBalance() {}

  /** The shard of each piece, for pieces of {@code costs} in their order. */
  public static int[] deal(List<Double> costs, int shards) {
    int[] owner = new int[costs.size()];
    double[] load = new double[shards];
    List<Integer> longestFirst =
        IntStream.range(0, costs.size())
            .boxed()
            .sorted(
                Comparator.comparing((Integer g) -> costs.get(g)).reversed().thenComparing(g -> g))
            .toList();
    for (int group : longestFirst) {
      int least = 0;
      for (int s = 1; s < shards; s++) {
        least = load[s] < load[least] ? s : least;
      }
      owner[group] = least;
      load[least] += costs.get(group);
    }
    return owner;
  }
}
