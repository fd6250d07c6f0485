package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static dl2.simulation.SimFixtures.jobOf;
import static dl2.simulation.SimFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

/** Least-loaded placement, failure and caps behind SlotContext.tryAdd (dl2-spec §2.3, §2.2). */
class PlacementTest {
  @Test
  void aSlotsFirstBundlesGoToNodesZeroOneTwoInTurn() {
    SlotContext slot =
        simulator(3, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100)).beginSlot();
    JobView job = jobOf(slot, 1);
    for (int node = 0; node < 3; node++) {
      assertThat(slot.cluster().leastLoadedNode()).isEqualTo(node);
      assertThat(slot.tryAdd(job, Task.BUNDLE)).isTrue();
      assertThat(slot.cluster().used(node)).isEqualTo(new Resources(4, 1));
    }
  }

  @Test
  void loadIsTheSumOfNormalisedCoresAndGpus() {
    SlotContext slot =
        simulator(2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100)).beginSlot();
    slot.tryAdd(jobOf(slot, 1), Task.WORKER);
    // 2/8 cores + 1/2 GPU.
    assertThat(slot.cluster().load(0)).isEqualTo(0.75);
    slot.tryAddOn(0, jobOf(slot, 1), Task.PS);
    assertThat(slot.cluster().load(0)).isEqualTo(1.0);
  }

  @Test
  void aFailedRequestLeavesTheSameNodeAtTheHead() {
    // One node: two GPU bundles fill it (8 cores, 2 GPUs).
    SlotContext slot =
        simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100)).beginSlot();
    JobView job = jobOf(slot, 1);
    assertThat(slot.tryAdd(job, Task.BUNDLE)).isTrue();
    assertThat(slot.tryAdd(job, Task.BUNDLE)).isTrue();
    assertThat(slot.tryAdd(job, Task.PS)).isFalse();
    assertThat(slot.cluster().leastLoadedNode()).isZero();
    assertThat(slot.cluster().load(0)).isEqualTo(2.0);
    assertThat(job.workers()).isEqualTo(2);
    assertThat(job.parameterServers()).isEqualTo(2);
  }

  /**
   * The §2.3 consequence: node 0 holds two CPU-only bundles (8 cores, 0 GPUs: load 1.0), node 1 one
   * GPU bundle (4 cores, 1 GPU: load 0.5 + 0.5 = 1.0). The tie goes to node 0, where every request
   * fails, and it stays the head although node 1 could host a PS.
   */
  @Test
  void aCpuFullNodeWithTheSameLoadAsAGpuBundleNodeTakesEveryRequestAndFailsIt() {
    SlotContext slot =
        simulator(
                2,
                16,
                TEN_PER_WORKER,
                job(1, JobType.DSSM, 0, 100),
                job(2, JobType.RESNET_50, 0, 100))
            .beginSlot();
    JobView cpuJob = jobOf(slot, 1);
    JobView gpuJob = jobOf(slot, 2);
    assertThat(slot.tryAdd(cpuJob, Task.BUNDLE)).isTrue(); // node 0 -> 0.5
    assertThat(slot.tryAdd(gpuJob, Task.BUNDLE)).isTrue(); // node 1 -> 1.0
    assertThat(slot.tryAdd(cpuJob, Task.BUNDLE)).isTrue(); // node 0 (0.5 < 1.0) -> 1.0
    assertThat(slot.cluster().load(0)).isEqualTo(slot.cluster().load(1));
    assertThat(slot.cluster().leastLoadedNode()).isZero();

    assertThat(slot.tryAdd(gpuJob, Task.BUNDLE)).isFalse();
    assertThat(slot.tryAdd(gpuJob, Task.PS)).isFalse();
    assertThat(slot.tryAdd(cpuJob, Task.WORKER)).isFalse();
    assertThat(slot.cluster().fits(1, JobType.RESNET_50.demand(Task.BUNDLE))).isTrue();
    assertThat(slot.cluster().leastLoadedNode()).isZero();
    assertThat(slot.cluster().used(1)).isEqualTo(new Resources(4, 1));
  }

  @Test
  void aRequestThatWouldPassTheCapFailsAndChangesNothing() {
    SlotContext slot =
        simulator(3, 2, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100)).beginSlot();
    JobView job = jobOf(slot, 1);
    assertThat(slot.tryAdd(job, Task.WORKER)).isTrue(); // node 0
    assertThat(slot.tryAdd(job, Task.WORKER)).isTrue(); // node 1
    int head = slot.cluster().leastLoadedNode();
    assertThat(slot.tryAdd(job, Task.WORKER)).isFalse();
    assertThat(slot.tryAdd(job, Task.BUNDLE)).isFalse();
    assertThat(slot.tryAddOn(2, job, Task.WORKER)).isFalse();
    assertThat(slot.cluster().leastLoadedNode()).isEqualTo(head);
    assertThat(slot.cluster().used(2)).isEqualTo(Resources.NONE);
    assertThat(slot.tryAdd(job, Task.PS)).isTrue();
    assertThat(slot.tryAdd(job, Task.PS)).isTrue();
    assertThat(slot.tryAdd(job, Task.PS)).isFalse();
    assertThat(job.workers()).isEqualTo(2);
    assertThat(job.parameterServers()).isEqualTo(2);
  }

  @Test
  void tryAddOnPlacesOnTheNamedNodeNotTheLeastLoaded() {
    SlotContext slot = simulator(3, 16, TEN_PER_WORKER, job(1, JobType.DSSM, 0, 100)).beginSlot();
    assertThat(slot.tryAddOn(2, jobOf(slot, 1), Task.BUNDLE)).isTrue();
    assertThat(slot.cluster().used(2)).isEqualTo(new Resources(4, 0));
    assertThat(slot.cluster().used(0)).isEqualTo(Resources.NONE);
    assertThat(slot.cluster().leastLoadedNode()).isZero();
  }

  @Test
  void dominantShareIsTheLargerShareOfTheWholeCluster() {
    // 2 nodes: 16 cores, 4 GPUs. One GPU worker + 2 PSs = 6 cores (0.375), 1 GPU (0.25).
    SlotContext slot =
        simulator(2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100)).beginSlot();
    JobView job = jobOf(slot, 1);
    slot.tryAdd(job, Task.WORKER);
    slot.tryAdd(job, Task.PS);
    slot.tryAdd(job, Task.PS);
    assertThat(job.dominantShare()).isEqualTo(0.375);
  }

  @Test
  void aJobsOwnCapsLimitOnlyThatJobAndTheCapIsVisibleBeforeAsking() {
    SlotContext slot =
        simulator(
                2,
                4,
                TEN_PER_WORKER,
                job(1, JobType.DSSM, 0, 100).withCaps(1, 2),
                job(2, JobType.DSSM, 0, 100))
            .beginSlot();
    JobView capped = jobOf(slot, 1);
    JobView free = jobOf(slot, 2);
    assertThat(capped.maxWorkers()).isEqualTo(1);
    assertThat(capped.maxParameterServers()).isEqualTo(2);
    assertThat(free.maxWorkers()).as("the cluster's cap C").isEqualTo(4);
    assertThat(slot.tryAdd(capped, Task.BUNDLE)).isTrue();
    assertThat(capped.canTake(Task.BUNDLE)).isFalse();
    assertThat(capped.canTake(Task.PS)).isTrue();
    assertThat(slot.tryAdd(capped, Task.WORKER)).as("refused at its own cap").isFalse();
    assertThat(slot.tryAdd(capped, Task.PS)).isTrue();
    assertThat(slot.tryAdd(free, Task.BUNDLE)).as("the other job still fits").isTrue();
  }
}
