package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.bounds.CapacityBound;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.placement.FewestNodes;
import dl2.schedulers.registry.Schedulers;
import dl2.schedulers.rollout.RolloutPlanner;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.PlacedScheduler;
import dl2.speed.EpochRateSpeed;
import dl2.speed.SpeedModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The capacity bound, priced part included, against the exact optimum of tiny instances. One node
 * (8 cores, 2 GPUs), cap 2, 2–3 jobs arriving in slots 0–2 with 1–6 epochs: a dynamic program over
 * (slot, epochs left per job) tries every configuration of every job in every slot. A job that
 * completes within a slot counts the fraction of it it used; speeds are whole or half epochs per
 * slot, so the epochs left stay on a grid of halves. Every scheduler the simulator runs is at or
 * above that optimum (the program misses no schedule the simulator has), and the bound at or below
 * it.
 */
class PricedBoundOptimumTest {
  private static final SimulationConfig ONE_NODE =
      new SimulationConfig(ClusterSpec.ofNodes(1), 2, 1200, 0, 1000);
  private static final List<SpeedModel> SPEEDS =
      List.of(
          new EpochRateSpeed((t, p, w) -> w),
          new EpochRateSpeed((t, p, w) -> w == 1 ? 1 : 1.5),
          new EpochRateSpeed((t, p, w) -> p == 1 ? 0.5 * w : w + 0.5));

  @Test
  void theBoundIsNeverAboveTheOptimumAndNoSchedulerIsBelowIt() {
    Rng rng = new Rng(314);
    int pricedAboveTheRest = 0;
    int instances = 0;
    for (int instance = 0; instance < 60; instance++) {
      SpeedModel speed = SPEEDS.get(instance % SPEEDS.size());
      List<JobSpec> jobs = new ArrayList<>();
      int count = rng.nextIntInclusive(2, 3);
      for (int id = 1; id <= count; id++) {
        JobType type = rng.nextInt(3) == 0 ? JobType.DSSM : JobType.RESNET_50;
        jobs.add(JobSpec.exact(id, type, rng.nextInt(3), rng.nextIntInclusive(1, 6)));
      }
      Trace trace = new Trace("tiny" + instance, jobs);
      double optimum = new Optimum(trace, speed).total();
      for (String name : Schedulers.BASELINES) {
        double total =
            new Simulator(ONE_NODE, trace, speed, 1)
                    .run(Schedulers.baseline(name, 0, 1))
                    .averageJct()
                * count;
        assertThat(total).as("%s on %s", name, jobs).isGreaterThanOrEqualTo(optimum - 1e-9);
      }
      double rollout =
          new Simulator(ONE_NODE, trace, speed, 1)
                  .run(new PlacedScheduler(new RolloutPlanner(), new FewestNodes()))
                  .averageJct()
              * count;
      assertThat(rollout).as("rollout on %s", jobs).isGreaterThanOrEqualTo(optimum - 1e-9);
      CapacityBound.Totals bound = CapacityBound.of(trace, ONE_NODE, speed, 1, optimum);
      assertThat(bound.total())
          .as("bound %s on %s", bound, jobs)
          .isLessThanOrEqualTo(optimum * (1 + 1e-12));
      pricedAboveTheRest += bound.binding().equals("priced") ? 1 : 0;
      instances++;
    }
    assertThat(instances).isEqualTo(60);
    assertThat(pricedAboveTheRest)
        .as("instances where the priced part is the largest")
        .isGreaterThan(10);
  }

  /** The least total JCT of a trace on ONE_NODE, by exhaustive search with memory. */
  private static final class Optimum {
    private final List<JobSpec> jobs;
    private final SpeedModel speed;
    private final int lastArrival;
    private final Map<String, Double> memo = new HashMap<>();

    Optimum(Trace trace, SpeedModel speed) {
      this.jobs = trace.jobs();
      this.speed = speed;
      this.lastArrival = jobs.stream().mapToInt(JobSpec::arrivalSlot).max().orElse(0);
    }

    double total() {
      double[] left = new double[jobs.size()];
      for (int j = 0; j < left.length; j++) {
        left[j] = jobs.get(j).realEpochs();
      }
      return from(0, left);
    }

    /** The least JCT still to come from slot t with {@code left} epochs per job. */
    private double from(int t, double[] left) {
      boolean done = true;
      for (double l : left) {
        done &= l <= 0;
      }
      if (done) {
        return 0;
      }
      String key = Math.min(t, lastArrival + 1) + java.util.Arrays.toString(left);
      Double known = memo.get(key);
      if (known != null) {
        return known;
      }
      // After the last arrival a slot in which nothing runs leads back to this state: such a loop
      // only adds JCT.
      memo.put(key, Double.POSITIVE_INFINITY);
      double best = choose(t, left, 0, new int[left.length], new int[left.length], 0, 0);
      memo.put(key, best);
      return best;
    }

    /** Every configuration of jobs j.. given those before it, within the node's cores and GPUs. */
    private double choose(
        int t, double[] left, int j, int[] ps, int[] workers, int cores, int gpus) {
      if (j == left.length) {
        double cost = 0;
        double[] next = left.clone();
        for (int k = 0; k < left.length; k++) {
          if (jobs.get(k).arrivalSlot() > t || left[k] <= 0) {
            continue;
          }
          double epochs =
              ps[k] > 0 && workers[k] > 0
                  ? speed.epochsPerSlot(jobs.get(k).type(), ps[k], workers[k], 1200)
                  : 0;
          if (epochs >= left[k]) {
            cost += left[k] / epochs;
            next[k] = 0;
          } else {
            cost += 1;
            next[k] = left[k] - epochs;
          }
        }
        return cost + from(t + 1, next);
      }
      double best = Double.POSITIVE_INFINITY;
      boolean active = jobs.get(j).arrivalSlot() <= t && left[j] > 0;
      Resources worker = jobs.get(j).type().demand(Task.WORKER);
      Resources ps1 = jobs.get(j).type().demand(Task.PS);
      for (int p = 0; p <= (active ? 2 : 0); p++) {
        for (int w = 0; w <= (active ? 2 : 0); w++) {
          if ((p == 0) != (w == 0)) {
            continue; // tasks without their counterpart do nothing but hold resources
          }
          int c = cores + p * ps1.cores() + w * worker.cores();
          int g = gpus + p * ps1.gpus() + w * worker.gpus();
          if (c > 8 || g > 2) {
            continue;
          }
          ps[j] = p;
          workers[j] = w;
          best = Math.min(best, choose(t, left, j + 1, ps, workers, c, g));
        }
      }
      ps[j] = 0;
      workers[j] = 0;
      return best;
    }
  }
}
