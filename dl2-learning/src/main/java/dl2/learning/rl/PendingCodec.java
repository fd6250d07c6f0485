package dl2.learning.rl;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.env.KeptDecision;
import dl2.slot.JobProgress;
import java.util.ArrayList;
import java.util.List;

/**
 * The resume state of what an agent holds between two slots: the decisions waiting for the next
 * slot's measurements, and the progress those measurements reported.
 */
final class PendingCodec {
  private PendingCodec() {}

  static void writeDecisions(StateWriter out, List<KeptDecision> pending) {
    out.writeInt(pending.size());
    for (KeptDecision d : pending) {
      out.writeDoubles(d.state());
      out.writeBooleans(d.mask());
      out.writeDoubles(d.q());
      out.writeInt(d.action());
      out.writeInt(d.jobId());
    }
  }

  static List<KeptDecision> readDecisions(StateReader in) {
    int count = in.readCount(1 << 20);
    List<KeptDecision> restored = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      restored.add(
          new KeptDecision(
              in.readDoubles(),
              in.readBooleans(),
              in.readDoubles(),
              in.readInt(),
              in.readInt(),
              null));
    }
    return restored;
  }

  static void writeProgress(StateWriter out, List<JobProgress> pendingProgress) {
    out.writeInt(pendingProgress.size());
    for (JobProgress p : pendingProgress) {
      out.writeInt(p.jobId());
      out.writeInt(p.parameterServers());
      out.writeInt(p.workers());
      out.writeDouble(p.epochsDone());
      out.writeDouble(p.trainedSlots());
      out.writeDouble(p.reward());
      out.writeBoolean(p.completed());
    }
  }

  static List<JobProgress> readProgress(StateReader in) {
    int jobs = in.readCount(1 << 20);
    List<JobProgress> progress = new ArrayList<>(jobs);
    for (int i = 0; i < jobs; i++) {
      progress.add(
          new JobProgress(
              in.readInt(),
              in.readInt(),
              in.readInt(),
              in.readDouble(),
              in.readDouble(),
              in.readDouble(),
              in.readBoolean()));
    }
    return progress;
  }
}
