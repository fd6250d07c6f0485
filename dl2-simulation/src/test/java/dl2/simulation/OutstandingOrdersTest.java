package dl2.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.slot.JobLedger;
import dl2.slot.JobOrder;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.speed.FittedOptimusSpeed;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The simulator keeps the job orders and the slot's allocations incrementally; a random scheduler
 * checks them every slot against the plain answers computed from {@link SlotContext#jobs()}.
 */
class OutstandingOrdersTest {
  private static final List<JobType> TYPES = List.of(JobType.values());

  /** 80 jobs with random ids, arrivals (many per slot) and sizes on 2 nodes: a long queue. */
  private static Trace randomTrace(Rng rng) {
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      ids.add(i * 7 + 3);
    }
    Collections.shuffle(ids, new Random(rng.nextLong()));
    List<JobSpec> jobs = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      JobType type = TYPES.get(rng.nextIntInclusive(0, TYPES.size() - 1));
      jobs.add(
          JobSpec.exact(ids.get(i), type, rng.nextIntInclusive(0, 30), 1 + 40 * rng.nextDouble()));
    }
    return new Trace("random", jobs);
  }

  @Test
  void everyOrderAndEveryAllocationMatchesThePlainAnswerInEverySlot() {
    for (long seed = 1; seed <= 4; seed++) {
      Rng rng = new Rng(seed);
      SimulationConfig config = new SimulationConfig(ClusterSpec.ofNodes(2), 3, 1200, 0.3, 10_000);
      Simulator sim = new Simulator(config, randomTrace(rng), FittedOptimusSpeed.INSTANCE, seed);
      Map<Integer, String> heldLastSlot = new HashMap<>();
      while (!sim.finished()) {
        SlotContext slot = sim.beginSlot();
        for (JobView job : slot.jobs()) {
          JobLedger ledger = ((SlotJob) job).ledger();
          assertThat(job.workers() + "w/" + job.parameterServers() + "ps").isEqualTo("0w/0ps");
          assertThat(
                  ledger.workersBefore(slot.slot())
                      + "w/"
                      + ledger.parameterServersBefore(slot.slot())
                      + "ps")
              .as("previous allocation of job %d in slot %d", job.id(), slot.slot())
              .isEqualTo(heldLastSlot.getOrDefault(job.id(), "0w/0ps"));
        }
        assertThat(slot.jobsWithTasks()).isEmpty();
        assertThat(list(slot.jobsByArrival()))
            .isEqualTo(slot.jobs().stream().sorted(JobOrder.BY_ARRIVAL).toList());
        assertThat(list(slot.jobsByRemainingFraction()))
            .isEqualTo(slot.jobs().stream().sorted(JobOrder.BY_REMAINING_FRACTION).toList());
        for (int i = rng.nextIntInclusive(0, 12); i > 0 && !slot.jobs().isEmpty(); i--) {
          JobView job = slot.jobs().get(rng.nextIntInclusive(0, slot.jobs().size() - 1));
          slot.tryAdd(job, Task.values()[rng.nextIntInclusive(0, 2)]);
        }
        assertThat(slot.jobsWithTasks())
            .isEqualTo(
                slot.jobs().stream().filter(j -> j.workers() + j.parameterServers() > 0).toList());
        heldLastSlot.clear();
        slot.jobsWithTasks()
            .forEach(
                j -> heldLastSlot.put(j.id(), j.workers() + "w/" + j.parameterServers() + "ps"));
        sim.endSlot();
      }
    }
  }

  @Test
  void aCompletedJobCannotTakeTasksAgain() {
    Simulator sim =
        SimFixtures.simulator(
            1,
            4,
            SimFixtures.TEN_PER_WORKER,
            SimFixtures.job(1, JobType.RESNET_50, 0, 10),
            SimFixtures.job(2, JobType.RESNET_50, 0, 100));
    SlotContext slot0 = sim.beginSlot();
    JobView first = SimFixtures.jobOf(slot0, 1);
    slot0.tryAdd(first, Task.BUNDLE);
    sim.endSlot();
    SlotContext slot1 = sim.beginSlot();
    assertThat(slot1.jobs()).extracting(JobView::id).containsExactly(2);
    assertThatThrownBy(() -> slot1.tryAdd(first, Task.BUNDLE))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void sortedJobsInsertsInOrderAndRemovesABatch() {
    Simulator owner =
        SimFixtures.simulator(
            1, 4, SimFixtures.TEN_PER_WORKER, SimFixtures.job(1, JobType.RESNET_50, 0, 10));
    SortedJobs jobs = new SortedJobs(Comparator.comparingInt(SlotJob::id));
    List<SlotJob> states = new ArrayList<>();
    for (int id : new int[] {5, 1, 9, 3, 7, 2, 8}) {
      SlotJob state =
          new SlotJob(
              owner,
              null,
              JobSpec.exact(id, JobType.DSSM, 0, 10),
              ClusterSpec.ofNodes(1),
              4,
              JobLedger.NEW);
      states.add(state);
      jobs.insert(state);
    }
    assertThat(jobs).extracting(JobView::id).containsExactly(1, 2, 3, 5, 7, 8, 9);
    jobs.removeAll(List.of(states.get(2), states.get(1), states.get(4))); // 9, 1, 7
    assertThat(jobs).extracting(JobView::id).containsExactly(2, 3, 5, 8);
    jobs.removeAll(List.of(states.get(0), states.get(3), states.get(5), states.get(6)));
    assertThat(jobs).isEmpty();
    assertThatThrownBy(() -> jobs.removeAll(List.of(states.get(0))))
        .isInstanceOf(IllegalStateException.class);
  }

  private static List<JobView> list(Iterable<JobView> jobs) {
    return StreamSupport.stream(jobs.spliterator(), false).toList();
  }
}
