package dl2.report;

import dl2.simulation.JobResult;
import dl2.simulation.SimulationResult;
import dl2.simulation.SlotStats;
import java.util.List;
import java.util.OptionalLong;

/**
 * One scheduler's result on one trace.
 *
 * @param name trace name, e.g. {@code val-3} or a trace file's name
 * @param generatorSeed the generator seed of a generated trace; empty for a trace file
 * @param avgJctSlots average JCT over the trace's jobs, summed in id order
 * @param makespanSlots max(e + 1) from the start of slot 0
 * @param simulatedSlots slots the simulation ran
 * @param jobs per-job outcomes in id order
 * @param slotStats per-slot reward and utilisation, in slot order (empty when read back from JSON)
 */
public record TraceOutcome(String name, OptionalLong generatorSeed, double avgJctSlots, double makespanSlots, int simulatedSlots,
    List<JobOutcome> jobs, List<SlotStats> slotStats) {
  public TraceOutcome {
    jobs = List.copyOf(jobs);
    slotStats = List.copyOf(slotStats);
  }

  /** Without per-slot stats. */
  public TraceOutcome(
      String name, OptionalLong generatorSeed, double avgJctSlots, double makespanSlots, int simulatedSlots, List<JobOutcome> jobs) {
    this(name, generatorSeed, avgJctSlots, makespanSlots, simulatedSlots, jobs, List.of());
  }

  public static TraceOutcome of(SimulationResult result, OptionalLong generatorSeed) {
    List<JobOutcome> jobs = result.jobs().stream().map(TraceOutcome::outcome).toList();
    return new TraceOutcome(result.traceName(), generatorSeed, result.averageJct(), result.makespan(), result.slots().size(), jobs, result.slots());
  }

  private static JobOutcome outcome(JobResult job) {
    return new JobOutcome(job.id(), job.arrivalSlot(), job.jct());
  }
}
