package dl2.schedulers.solver;

import dl2.model.GpuType;
import dl2.slot.JobView;
import dl2.slot.SlotContext;

/**
 * The true speed per type, as the simulator's world runs it (docs/heterogeneous-clusters.md): the
 * dry run at the curve's pace times the type's factor for the job's type. Knowledge no live cluster
 * has, so the schedulers that read it are named {@code -oracle}.
 */
public final class OracleTypeSpeeds implements TypeSpeeds {
  @Override
  public double epochsPerSlot(SlotContext slot, JobView job, GpuType gpu, int ps, int workers) {
    return slot.dryRunEpochsPerSlot(job, ps, workers) * gpu.factor(job.type());
  }
}
