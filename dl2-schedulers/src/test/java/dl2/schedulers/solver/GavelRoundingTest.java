package dl2.schedulers.solver;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.NodeGroup;
import dl2.model.Rng;
import dl2.slot.JobView;
import dl2.slot.TestJob;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GavelRoundingTest {
  /** One V100 node of 2 GPUs and 8 cores. */
  private static final GpuTypeCapacity ONE_NODE =
      GpuTypeCapacity.of(new ClusterSpec(List.of(new NodeGroup(1, 8, 2, GpuCatalogue.V100))));

  private static final List<JobView> TWO_JOBS = List.of(TestJob.of(1), TestJob.of(2));

  /**
   * Two jobs of 2 GPUs share one 2-GPU node with X = 3/4 and 1/4. Slot 0: neither has run, so X·10⁹
   * ranks job 1 first. Slot 1: job 1 has run 1 of 1 slots (priority 0.75 / 1), job 2 never
   * (0.25·10⁹): job 2. Slot 2: 0.75 / (1/2) = 1.5 against 0.25 / (1/2) = 0.5: job 1. Slot 3: 0.75 /
   * (2/3) = 1.125 against 0.25 / (1/3) = 0.75: job 1. Three slots in four, as X says.
   */
  @Test
  void slotsFollowTheTimeFractions() {
    GavelRounding rounding = new GavelRounding();
    double[][] x = {{0.75}, {0.25}};
    List<Integer> served = new ArrayList<>();
    for (int slot = 0; slot < 4; slot++) {
      List<TypedAllocation> plan = round(rounding, slot, x);
      assertThat(plan).hasSize(1);
      served.add(plan.get(0).job().id());
    }
    assertThat(served).containsExactly(1, 2, 1, 1);
  }

  /** A new run (the slot number does not move forward) starts from no history. */
  @Test
  void aNewRunForgetsTheShares() {
    GavelRounding rounding = new GavelRounding();
    double[][] x = {{0.5}, {0.5}};
    assertThat(round(rounding, 0, x).get(0).job().id()).isEqualTo(1);
    assertThat(round(rounding, 1, x).get(0).job().id()).isEqualTo(2);
    assertThat(round(rounding, 0, x).get(0).job().id()).isEqualTo(1);
  }

  /**
   * Seeded random fractions on a three-type cluster: each slot's allocations fit every type's GPUs
   * and the cluster's cores, and no job is given twice.
   */
  @Test
  void randomRoundsStayWithinEveryTypesCapacity() {
    GpuTypeCapacity capacity =
        GpuTypeCapacity.of(
            new ClusterSpec(
                List.of(
                    new NodeGroup(2, 8, 2, GpuCatalogue.K80),
                    new NodeGroup(3, 8, 2, GpuCatalogue.P100),
                    new NodeGroup(1, 8, 2, GpuCatalogue.V100))));
    Rng rng = new Rng(777);
    GavelRounding rounding = new GavelRounding();
    for (int slot = 0; slot < 300; slot++) {
      int n = 1 + rng.nextInt(10);
      List<JobView> jobs = new ArrayList<>();
      double[][] x = new double[n][3];
      int[] ps = new int[n];
      int[] workers = new int[n];
      int[] gpus = new int[n];
      int[] cores = new int[n];
      boolean[] anyType = new boolean[n];
      for (int m = 0; m < n; m++) {
        jobs.add(TestJob.of(m + 1 + rng.nextInt(3) * 10));
        workers[m] = 1 + rng.nextInt(4);
        ps[m] = 1 + rng.nextInt(4);
        anyType[m] = rng.nextInt(6) == 0;
        gpus[m] = anyType[m] ? 0 : workers[m];
        cores[m] = 2 * (workers[m] + ps[m]);
        for (int k = 0; k < 3; k++) {
          x[m][k] = anyType[m] && k > 0 ? 0 : rng.nextDouble() / 3;
        }
      }
      jobs = dedupe(jobs);
      n = jobs.size();

      List<TypedAllocation> plan =
          rounding.round(slot, jobs, x, ps, workers, gpus, cores, anyType, capacity);

      int[] used = new int[3];
      int coreUse = 0;
      List<Integer> ids = new ArrayList<>();
      for (TypedAllocation a : plan) {
        int m = jobs.indexOf(a.job());
        assertThat(ids).doesNotContain(a.job().id());
        ids.add(a.job().id());
        if (a.type() != TypedAllocation.ANY_TYPE) {
          used[a.type()] += gpus[m];
        }
        coreUse += cores[m];
      }
      for (int k = 0; k < 3; k++) {
        assertThat(used[k]).isLessThanOrEqualTo(capacity.gpus(k));
      }
      assertThat(coreUse).isLessThanOrEqualTo(capacity.cores());
    }
  }

  private static List<JobView> dedupe(List<JobView> jobs) {
    List<JobView> unique = new ArrayList<>();
    List<Integer> ids = new ArrayList<>();
    for (JobView job : jobs) {
      if (!ids.contains(job.id())) {
        ids.add(job.id());
        unique.add(job);
      }
    }
    return unique;
  }

  private static List<TypedAllocation> round(GavelRounding rounding, int slot, double[][] x) {
    return rounding.round(
        slot,
        TWO_JOBS,
        x,
        new int[] {2, 2},
        new int[] {2, 2},
        new int[] {2, 2},
        new int[] {8, 8},
        new boolean[] {false, false},
        ONE_NODE);
  }
}
