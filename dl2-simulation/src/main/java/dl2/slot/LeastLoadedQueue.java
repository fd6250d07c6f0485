package dl2.slot;

import dl2.model.ClusterSpec;
import java.util.Arrays;
import java.util.TreeSet;

/**
 * Nodes ordered by (load, index) (dl2-spec §2.3): the head is the least-loaded node, ties to the
 * lower index. A node's load takes one of few values (one per usage in cores and GPUs), so nodes
 * sit in one bit set per distinct load, ranked by value: placing a task moves one bit, and the head
 * is the lowest bit of the lowest non-empty rank. The same order as a heap on the load, at a few
 * word reads per placement instead of a sift through log(nodes) levels.
 */
public final class LeastLoadedQueue {
  private final int nodes;
  private final int gpuStates;

  /**
   * Rank of every usage (cores * gpuStates + gpus): the position of its load among the distinct
   * loads.
   */
  private final int[] rankOfUsage;

  private final int[] rankOfNode;

  /** Per rank, the bit set of its nodes. */
  private final long[][] members;

  /**
   * Per rank, which words of {@link #members} are non-zero (a second level, so finding a node reads
   * two words).
   */
  private final long[][] nonZeroWords;

  private final int[] memberCount;
  private final long[] nonEmptyRanks;
  private int head;

  LeastLoadedQueue(ClusterSpec spec) {
    nodes = spec.nodes();
    gpuStates = spec.gpusPerNode() + 1;
    int usages = (spec.coresPerNode() + 1) * gpuStates;
    double[] loadOfUsage = new double[usages];
    TreeSet<Double> distinct = new TreeSet<>();
    for (int cores = 0; cores <= spec.coresPerNode(); cores++) {
      for (int gpus = 0; gpus < gpuStates; gpus++) {
        loadOfUsage[cores * gpuStates + gpus] = ClusterState.load(spec, cores, gpus);
        distinct.add(loadOfUsage[cores * gpuStates + gpus]);
      }
    }
    double[] sortedLoads = distinct.stream().mapToDouble(Double::doubleValue).toArray();
    rankOfUsage = new int[usages];
    for (int usage = 0; usage < usages; usage++) {
      rankOfUsage[usage] = Arrays.binarySearch(sortedLoads, loadOfUsage[usage]);
    }
    int ranks = sortedLoads.length;
    rankOfNode = new int[nodes];
    members = new long[ranks][words(nodes)];
    nonZeroWords = new long[ranks][words(words(nodes))];
    memberCount = new int[ranks];
    nonEmptyRanks = new long[words(ranks)];
    fill(0);
  }

  /** Every node at load 0. */
  void reset() {
    for (int rank = 0; rank < memberCount.length; rank++) {
      if (memberCount[rank] > 0) {
        Arrays.fill(members[rank], 0);
        Arrays.fill(nonZeroWords[rank], 0);
        memberCount[rank] = 0;
      }
    }
    Arrays.fill(nonEmptyRanks, 0);
    fill(rankOfUsage[0]);
  }

  int head() {
    if (head < 0) {
      int rank = lowestBit(nonEmptyRanks);
      int word = lowestBit(nonZeroWords[rank]);
      head = word * 64 + Long.numberOfTrailingZeros(members[rank][word]);
    }
    return head;
  }

  /** Sets a node's usage (its load's rank) and restores the order. */
  void update(int node, int usedCores, int usedGpus) {
    int rank = rankOfUsage[usedCores * gpuStates + usedGpus];
    int old = rankOfNode[node];
    if (rank == old) {
      return;
    }
    remove(old, node);
    add(rank, node);
    rankOfNode[node] = rank;
    head = -1;
  }

  private void fill(int rank) {
    Arrays.fill(members[rank], -1L);
    if (nodes % 64 != 0) {
      members[rank][members[rank].length - 1] = (1L << (nodes % 64)) - 1;
    }
    Arrays.fill(nonZeroWords[rank], -1L);
    int words = members[rank].length;
    if (words % 64 != 0) {
      nonZeroWords[rank][nonZeroWords[rank].length - 1] = (1L << (words % 64)) - 1;
    }
    memberCount[rank] = nodes;
    nonEmptyRanks[rank >>> 6] |= 1L << rank;
    Arrays.fill(rankOfNode, rank);
    head = 0;
  }

  private void add(int rank, int node) {
    int word = node >>> 6;
    members[rank][word] |= 1L << node;
    nonZeroWords[rank][word >>> 6] |= 1L << word;
    if (memberCount[rank]++ == 0) {
      nonEmptyRanks[rank >>> 6] |= 1L << rank;
    }
  }

  private void remove(int rank, int node) {
    int word = node >>> 6;
    members[rank][word] &= ~(1L << node);
    if (members[rank][word] == 0) {
      nonZeroWords[rank][word >>> 6] &= ~(1L << word);
    }
    if (--memberCount[rank] == 0) {
      nonEmptyRanks[rank >>> 6] &= ~(1L << rank);
    }
  }

  private static int words(int bits) {
    return (bits + 63) >>> 6;
  }

  private static int lowestBit(long[] bits) {
    for (int word = 0; word < bits.length; word++) {
      if (bits[word] != 0) {
        return word * 64 + Long.numberOfTrailingZeros(bits[word]);
      }
    }
    throw new IllegalStateException("no node in the queue");
  }
}
