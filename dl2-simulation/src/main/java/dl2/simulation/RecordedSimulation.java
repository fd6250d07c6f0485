package dl2.simulation;

import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A whole simulation with its per-slot cluster log and each job's allocations. It drives the
 * simulator's own slot phases and only reads what each slot allocated, so the result is the one
 * {@link Simulator#run} gives.
 *
 * @param result the simulation's result
 * @param slots one record per simulated slot, in slot order
 * @param jobs each job's allocations, ascending id
 */
public record RecordedSimulation(
    SimulationResult result, List<SlotRecord> slots, List<JobUsage> jobs) {
  public RecordedSimulation {
    slots = List.copyOf(slots);
    jobs = List.copyOf(jobs);
  }

  /**
   * Runs {@code scheduler} on a fresh {@code simulator} until every job has completed, stopping as
   * {@link Simulator#run} stops.
   */
  public static RecordedSimulation run(Simulator simulator, Scheduler scheduler) {
    List<SlotRecord> slots = new ArrayList<>();
    Map<Integer, long[]> usage = new TreeMap<>();
    StarvationWatch watch = simulator.watch(scheduler);
    while (!simulator.finished()) {
      int before = simulator.outstandingJobs().size();
      SlotContext context = simulator.beginSlot();
      int outstanding = simulator.outstandingJobs().size();
      scheduler.schedule(context);
      int running = 0;
      int parameterServers = 0;
      int workers = 0;
      // only the jobs holding tasks: a queue of thousands of waiting jobs costs nothing per slot
      for (JobView job : context.jobsWithTasks()) {
        long[] held = usage.computeIfAbsent(job.id(), id -> new long[3]);
        running++;
        parameterServers += job.parameterServers();
        workers += job.workers();
        held[0]++;
        held[1] += job.parameterServers();
        held[2] += job.workers();
      }
      SlotOutcome outcome = simulator.endSlot();
      int completed = (int) outcome.progress().stream().filter(JobProgress::completed).count();
      slots.add(
          new SlotRecord(
              context.slot(),
              outstanding,
              running,
              outstanding - before,
              completed,
              parameterServers,
              workers,
              outcome.stats()));
      simulator.afterSlot(watch, outcome);
    }
    SimulationResult result = simulator.result();
    result
        .jobs()
        .forEach(job -> usage.putIfAbsent(job.id(), new long[3])); // a job that never held a task
    List<JobUsage> jobs = new ArrayList<>();
    usage.forEach((id, held) -> jobs.add(new JobUsage(id, (int) held[0], held[1], held[2])));
    return new RecordedSimulation(result, slots, jobs);
  }
}
