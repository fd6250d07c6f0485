package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.world.SpeedCeiling;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PricedJob}'s fast path (a Fenwick tree over price-ordered segments, one case per segment
 * of the last slot) against a plain fractional knapsack that sorts every segment of every candidate
 * completion slot afresh.
 */
class PricedJobTest {
  @Test
  void atZeroPricesEveryJobCostsItsIsolatedJct() {
    // Long jobs past a short horizon: there the priced slots' work and the unpriced slots' work are
    // summed in different orders, and the fast path must not let rounding drop a cheaper case.
    SimulationConfig config = SimulationConfig.of(Presets.PAPER_LARGE);
    Rng rng = new Rng(2027);
    for (int i = 0; i < 300; i++) {
      JobType type = JobType.values()[rng.nextInt(JobType.values().length)];
      JobSpec job = JobSpec.exact(1, type, rng.nextInt(30), 100 + rng.nextDouble() * 200_000);
      Trace trace = new Trace("one", List.of(job));
      double[] none = new double[rng.nextIntInclusive(0, 80)];
      double isolated = CapacityBound.of(trace, config, FittedOptimusSpeed.INSTANCE, 1).isolated();
      assertThat(PricedBound.at(trace, config, FittedOptimusSpeed.INSTANCE, 1, none, none))
          .as("%s, horizon %d", job, none.length)
          .isBetween(isolated * (1 - 1e-9), isolated * (1 + 1e-12));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"paper-dense", "paper-dense-realistic", "gavel-dense", "a100t4-dense"})
  void theFastPathCostsWhatAPlainKnapsackDoesAtRandomPrices(String presetName) {
    Preset preset = Presets.byName(presetName);
    SimulationConfig config = SimulationConfig.of(preset);
    Trace trace = TraceSets.test(preset, 9973, 1).get(0);
    PricedJob[] jobs = PricedBound.jobs(trace, config, FittedOptimusSpeed.INSTANCE, 1);
    SpeedCeiling ceiling = JobFrontier.ceiling(config, FittedOptimusSpeed.INSTANCE, 1);
    int horizon = 80;
    int cores = config.cluster().totalCores();
    int[] gpus = GpuPools.of(config.cluster()).gpus();
    double[] corePrice = new double[horizon];
    double[][] gpuPrice = new double[gpus.length][horizon];
    Rng rng = new Rng(7);
    int compared = 0;
    for (int round = 0; round < 6; round++) {
      double[] coreUse = new double[horizon];
      double[][] gpuUse = new double[gpus.length][horizon];
      SlotPrices prices = new SlotPrices(corePrice, gpuPrice, cores, gpus);
      Map<JobFrontier, SlotHulls> hulls = new HashMap<>();
      Map<JobFrontier, LastSlots> lastSlots = new HashMap<>();
      for (int j = 0; j < jobs.length; j += 3) {
        SlotHulls curves = hulls.computeIfAbsent(jobs[j].frontier(), f -> new SlotHulls(f, prices));
        LastSlots choices =
            lastSlots.computeIfAbsent(jobs[j].frontier(), f -> new LastSlots(f, prices));
        double fast = jobs[j].solve(curves, choices, horizon, coreUse, gpuUse);
        double plain =
            plainKnapsack(
                trace.jobs().get(j),
                jobs[j].frontier(),
                curves,
                horizon,
                ceiling,
                corePrice,
                gpuPrice,
                cores,
                gpus);
        assertThat(fast)
            .as("job %d, round %d", trace.jobs().get(j).id(), round)
            .isLessThanOrEqualTo(plain * (1 + 1e-12))
            .isGreaterThanOrEqualTo(plain * (1 - 1e-9));
        compared++;
      }
      // Random prices, up to a few slots of JCT per whole cluster, on random slots.
      for (int t = 0; t < horizon; t++) {
        corePrice[t] = rng.nextInt(3) == 0 ? 0 : rng.nextDouble() * 4;
        for (double[] price : gpuPrice) {
          price[t] = rng.nextInt(3) == 0 ? 0 : rng.nextDouble() * 4;
        }
      }
    }
    assertThat(compared).isEqualTo(6 * ((jobs.length + 2) / 3));
  }

  /**
   * Every completion slot T from the arrival on and every configuration c of the frontier held in
   * it: c's whole price in T, plus the cheapest work from sorting all segments of slots before T
   * afresh together with T's, c's speed at 1/speed per epoch (past the horizon the fastest c,
   * free).
   */
  private static double plainKnapsack(
      JobSpec job,
      JobFrontier frontier,
      SlotHulls hulls,
      int horizon,
      SpeedCeiling ceiling,
      double[] corePrice,
      double[][] gpuPrice,
      int cores,
      int[] gpus) {
    int arrival = job.arrivalSlot();
    double best = Double.POSITIVE_INFINITY;
    for (int last = arrival; last - arrival < best; last++) {
      List<double[]> before = new ArrayList<>(); // {epochs, cost per epoch}
      for (int t = arrival; t < last; t++) {
        double g = ceiling.slotFactor(job.id(), t);
        if (t < horizon) {
          int[] range = hulls.of(t);
          for (int i = range[0]; i < range[1]; i++) {
            before.add(new double[] {hulls.speed[i] * g, hulls.unit[i] / g});
          }
        } else {
          before.add(new double[] {frontier.best() * g, 0});
        }
      }
      double g = ceiling.slotFactor(job.id(), last);
      int configs = frontier.speeds().length;
      for (int c = last < horizon ? 0 : configs - 1; c < configs; c++) {
        double price =
            last < horizon ? price(frontier, c, corePrice, gpuPrice, cores, gpus, last) : 0;
        double speed = frontier.speeds()[c] * g;
        List<double[]> segments = new ArrayList<>(before);
        segments.add(new double[] {speed, 1 / speed});
        segments.sort((x, y) -> Double.compare(x[1], y[1]));
        double need = job.realEpochs();
        double cost = 0;
        for (double[] segment : segments) {
          double take = Math.min(need, segment[0]);
          cost += take * segment[1];
          need -= take;
        }
        if (need <= 1e-9 * job.realEpochs()) {
          best = Math.min(best, last - arrival + price + cost);
        }
      }
    }
    return best;
  }

  /**
   * Configuration {@code c}'s price for the whole of slot {@code t}: its cores at the core price,
   * its GPUs at their pool's price, or the cheapest pool's where its pool is open.
   */
  private static double price(
      JobFrontier frontier,
      int c,
      double[] corePrice,
      double[][] gpuPrice,
      int cores,
      int[] gpus,
      int t) {
    double gpuUnit = Double.POSITIVE_INFINITY;
    for (int k = 0; k < gpus.length; k++) {
      if (frontier.pools()[c] == k || frontier.pools()[c] == JobFrontier.CHEAPEST_POOL) {
        gpuUnit = Math.min(gpuUnit, gpuPrice[k][t] / gpus[k]);
      }
    }
    return corePrice[t] / cores * frontier.cores()[c] + gpuUnit * frontier.gpus()[c];
  }

  @Test
  void segmentOrderIsByPriceThenIndex() {
    assertThat(PricedJob.order(new double[] {3, 1, 2, 1, 0}, 5)).containsExactly(4, 1, 3, 2, 0);
    assertThat(PricedJob.order(new double[0], 0)).isEmpty();
    double[] keys = new double[37];
    Rng rng = new Rng(5);
    for (int i = 0; i < keys.length; i++) {
      keys[i] = rng.nextInt(6);
    }
    int[] order = PricedJob.order(keys, keys.length);
    Integer[] expected = new Integer[keys.length];
    Arrays.setAll(expected, i -> i);
    Arrays.sort(
        expected,
        (x, y) -> keys[x] != keys[y] ? Double.compare(keys[x], keys[y]) : Integer.compare(x, y));
    assertThat(order)
        .containsExactly(Arrays.stream(expected).mapToInt(Integer::intValue).toArray());
  }
}
