package dl2.report;

import dl2.simulation.RecordedSimulation;
import dl2.simulation.SimulationResult;
import dl2.simulation.SlotRecord;
import dl2.simulation.SlotStats;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One scheduler's result on one trace.
 *
 * @param name trace name, e.g. {@code test-3} or a trace file's name
 * @param generatorSeed the generator seed of a generated trace; empty for a trace file
 * @param avgJctSlots average JCT over the trace's jobs, summed in id order
 * @param makespanSlots max(e + 1) from the start of slot 0
 * @param simulatedSlots slots the simulation ran
 * @param jobs per-job outcomes in id order
 * @param slotStats per-slot reward and utilisation, in slot order (empty when read back from JSON)
 * @param slotLog the per-slot cluster log, in slot order (empty where it was not recorded)
 */
public record TraceOutcome(
    String name,
    OptionalLong generatorSeed,
    double avgJctSlots,
    double makespanSlots,
    int simulatedSlots,
    List<JobOutcome> jobs,
    List<SlotStats> slotStats,
    List<SlotRecord> slotLog) {
  public TraceOutcome {
    jobs = List.copyOf(jobs);
    slotStats = List.copyOf(slotStats);
    slotLog = List.copyOf(slotLog);
  }

  /** Without a slot log. */
  public TraceOutcome(
      String name,
      OptionalLong generatorSeed,
      double avgJctSlots,
      double makespanSlots,
      int simulatedSlots,
      List<JobOutcome> jobs,
      List<SlotStats> slotStats) {
    this(
        name,
        generatorSeed,
        avgJctSlots,
        makespanSlots,
        simulatedSlots,
        jobs,
        slotStats,
        List.of());
  }

  /** Without per-slot stats. */
  public TraceOutcome(
      String name,
      OptionalLong generatorSeed,
      double avgJctSlots,
      double makespanSlots,
      int simulatedSlots,
      List<JobOutcome> jobs) {
    this(
        name,
        generatorSeed,
        avgJctSlots,
        makespanSlots,
        simulatedSlots,
        jobs,
        List.of(),
        List.of());
  }

  /** A result without allocation records (e.g. the emulator's). */
  public static TraceOutcome of(SimulationResult result, OptionalLong generatorSeed) {
    List<JobOutcome> jobs = result.jobs().stream().map(JobOutcome::of).toList();
    return new TraceOutcome(
        result.traceName(),
        generatorSeed,
        result.averageJct(),
        result.makespan(),
        result.slots().size(),
        jobs,
        result.slots());
  }

  /** A recorded simulation: per-job allocations and the per-slot cluster log. */
  public static TraceOutcome of(RecordedSimulation recorded, OptionalLong generatorSeed) {
    SimulationResult result = recorded.result();
    List<JobOutcome> jobs = new ArrayList<>();
    for (int i = 0; i < result.jobs().size(); i++) {
      jobs.add(JobOutcome.of(result.jobs().get(i), recorded.jobs().get(i)));
    }
    return new TraceOutcome(
        result.traceName(),
        generatorSeed,
        result.averageJct(),
        result.makespan(),
        result.slots().size(),
        jobs,
        result.slots(),
        recorded.slots());
  }

  /**
   * Mean over the trace's jobs of the waiting time from arrival to first allocation, summed in id
   * order.
   */
  public double avgWaitingSlots() {
    double sum = 0;
    for (JobOutcome job : jobs) {
      sum += job.waitingSlots();
    }
    return sum / jobs.size();
  }
}
