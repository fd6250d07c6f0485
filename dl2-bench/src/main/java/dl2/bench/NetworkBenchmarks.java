package dl2.bench;

import dl2.learning.file.PolicySettings;
import dl2.learning.nn.FrozenMlp;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.PooledInference;
import dl2.learning.nn.Tape;
import dl2.learning.policy.PolicyNetwork;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The policy network's kernels at J = 40 (paper-large), 2 × 64 layers, paper encoding: one decision
 * on the pooled-embeddings fast path (one column changed, then context, head and argmax), its two
 * halves, the shared-column network's forward pass that a decision cost before, and one training
 * batch (256 states) forward and backward for both networks. Sampled times (medians and
 * percentiles), which a busy machine's preemptions distort less than means.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class NetworkBenchmarks {
  private static final int BATCH = 256;

  /** A pooled-embeddings policy file to time instead of random weights (empty: random). */
  @Param("")
  public String pooledPolicy;

  private PooledInference pooled;
  private double[][] columns;
  private boolean[] mask;
  private int next;
  private FrozenMlp sharedSnapshot;
  private double[] sharedState;
  private Mlp pooledNetwork;
  private Mlp sharedNetwork;
  private double[][] pooledBatch;
  private double[][] sharedBatch;
  private double[][] dOutputs;
  private Tape pooledTape;
  private Tape sharedTape;

  @Setup
  public void setUp() {
    PolicySettings pooledSettings =
        BenchFixtures.settingsOf(PolicyNetwork.POOLED_EMBEDDINGS, pooledPolicy);
    pooledNetwork = BenchFixtures.network(PolicyNetwork.POOLED_EMBEDDINGS, pooledPolicy);
    List<double[]> states = BenchFixtures.states(pooledSettings, pooledNetwork, 2000);
    double[][] seen =
        BenchFixtures.columns(pooledSettings, BenchFixtures.fullest(pooledSettings, states));
    columns = new double[pooledSettings.window()][];
    for (int c = 0; c < columns.length; c++) {
      columns[c] = seen[c % seen.length]; // every column filled, as in a busy paper-large slot
    }
    pooled = new PooledInference(pooledNetwork);
    pooled.clear();
    for (int c = 0; c < columns.length; c++) {
      pooled.setColumn(c, columns[c], 0);
    }
    mask = new boolean[3 * pooled.window() + 1];
    for (int a = 0; a < 3 * columns.length; a++) {
      mask[a] = a % 3 != 2 || a % 6 == 2;
    }
    mask[mask.length - 1] = true;
    pooledBatch = batch(states);

    PolicySettings sharedSettings = BenchFixtures.settings(PolicyNetwork.SHARED_COLUMNS);
    sharedNetwork = BenchFixtures.network(PolicyNetwork.SHARED_COLUMNS, "");
    List<double[]> sharedStates = BenchFixtures.states(sharedSettings, sharedNetwork, 2000);
    sharedState = BenchFixtures.fullest(sharedSettings, sharedStates);
    sharedSnapshot = new FrozenMlp(sharedNetwork);
    sharedBatch = batch(sharedStates);
    dOutputs = new double[BATCH][3 * pooled.window() + 1];
    for (int b = 0; b < BATCH; b++) {
      for (int a = 0; a < dOutputs[b].length; a++) {
        dOutputs[b][a] = ((a * 31 + b * 17) % 13 - 6) / 1000.0;
      }
    }
    pooledTape = pooledNetwork.newTape();
    sharedTape = sharedNetwork.newTape();
  }

  private static double[][] batch(List<double[]> states) {
    double[][] batch = new double[BATCH][];
    for (int b = 0; b < BATCH; b++) {
      batch[b] = states.get(states.size() - 1 - (b * 7) % Math.min(states.size(), 1000));
    }
    return batch;
  }

  /** One greedy decision: the allocated job's column changes, then context, head and argmax. */
  @Benchmark
  public int pooledDecision() {
    int c = next++ % columns.length;
    pooled.setColumn(c, columns[c], 0);
    return pooled.argmax(mask);
  }

  /** The per-column part of a decision: one column's embedding and head term. */
  @Benchmark
  public PooledInference pooledColumnUpdate() {
    int c = next++ % columns.length;
    pooled.setColumn(c, columns[c], 0);
    return pooled;
  }

  /** The per-decision part: pooled context, context product, every column's head, argmax. */
  @Benchmark
  public int pooledScore() {
    return pooled.argmax(mask);
  }

  /** What a decision cost with the shared-column network: every column in double precision. */
  @Benchmark
  public double[] sharedColumnsForward() {
    return sharedSnapshot.forward(sharedState);
  }

  @Benchmark
  public Mlp pooledBatchForwardBackward() {
    pooledNetwork.zeroGrad();
    pooledNetwork.backward(pooledNetwork.forward(pooledBatch, BATCH, pooledTape), dOutputs);
    return pooledNetwork;
  }

  @Benchmark
  public Mlp sharedBatchForwardBackward() {
    sharedNetwork.zeroGrad();
    sharedNetwork.backward(sharedNetwork.forward(sharedBatch, BATCH, sharedTape), dOutputs);
    return sharedNetwork;
  }
}
