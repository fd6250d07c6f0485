package dl2.simulation;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.slot.JobLedger;
import dl2.slot.SlotJob;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a simulation carries over between slots, written for a resumable training run and read back
 * into a fresh simulator of the same trace: the slot, the arrivals admitted, every outstanding
 * job's progress and start, the completed jobs, each slot's stats, and the world's own state.
 */
final class SimulatorState {
  private SimulatorState() {}

  /** Saves {@code s}; only between slots (not while one is open). */
  static void write(Simulator s, StateWriter out) {
    if (s.slotOpen) {
      throw new IllegalStateException(
          "cannot save the simulation of " + s.trace.name() + " while slot " + s.slot + " is open");
    }
    out.tag("simulator");
    out.writeString(s.trace.name());
    out.writeInt(s.slot);
    out.writeInt(s.nextPending);
    out.writeBoolean(s.finished);
    out.writeInt(s.outstanding.size());
    for (int i = 0; i < s.outstanding.size(); i++) {
      SlotJob job = s.outstanding.get(i);
      out.writeInt(job.id());
      out.writeDouble(job.progress());
      out.writeInt(job.slotsRun());
      out.writeInt(job.ledger().firstStartSlot());
    }
    out.writeInt(s.completed.size());
    for (JobResult job : s.completed) {
      out.writeInt(job.id());
      out.writeDouble(job.completionTime());
      out.writeDouble(job.jct());
      out.writeInt(job.firstStartSlot());
    }
    out.writeInt(s.slots.size());
    for (SlotStats stats : s.slots) {
      out.writeInt(stats.slot());
      out.writeDouble(stats.reward());
      out.writeDouble(stats.cpuUtilisation());
      out.writeDouble(stats.gpuUtilisation());
    }
    s.world.writeState(out);
  }

  /** Restores a fresh {@code s} of the same trace from a state saved by {@link #write}. */
  static void read(Simulator s, StateReader in) {
    in.expect("simulator");
    String name = in.readString();
    if (!name.equals(s.trace.name()) || s.slot != 0 || s.slotOpen || !s.outstanding.isEmpty()) {
      throw in.corrupt(
          "state of trace '"
              + name
              + "' cannot be restored into a fresh simulation of '"
              + s.trace.name()
              + "'");
    }
    Map<Integer, JobSpec> byId = new TreeMap<>();
    s.trace.jobs().forEach(j -> byId.put(j.id(), j));
    s.slot = in.readInt();
    s.nextPending = in.readCount(s.pending.size());
    s.finished = in.readBoolean();
    int count = in.readCount(s.trace.size());
    for (int i = 0; i < count; i++) {
      JobSpec spec = spec(byId, in.readInt(), in);
      JobLedger ledger = JobLedger.restored(in.readDouble(), in.readInt(), in.readInt());
      s.outstanding.admit(
          new SlotJob(s, null, spec, s.config.cluster(), s.config.taskCap(), ledger));
    }
    int done = in.readCount(s.trace.size());
    for (int i = 0; i < done; i++) {
      JobSpec spec = spec(byId, in.readInt(), in);
      s.completed.add(
          new JobResult(
              spec.id(),
              spec.type(),
              spec.arrivalSlot(),
              in.readDouble(),
              in.readDouble(),
              in.readInt()));
    }
    int slotCount = in.readCount(s.config.maxSlots());
    for (int i = 0; i < slotCount; i++) {
      s.slots.add(new SlotStats(in.readInt(), in.readDouble(), in.readDouble(), in.readDouble()));
    }
    s.world.readState(in);
  }

  private static JobSpec spec(Map<Integer, JobSpec> byId, int id, StateReader in) {
    JobSpec spec = byId.get(id);
    if (spec == null) {
      throw in.corrupt("job " + id + " is not in the trace");
    }
    return spec;
  }
}
