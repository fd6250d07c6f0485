package dl2.schedulers.typed;

import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.slot.ObservedSlot;

/**
 * The true factors: each GPU type's speed factors as the cluster's spec declares them, which is the
 * world's own speed model (Project: heterogeneous clusters). A rule that reads them is an oracle
 * and is named {@code -oracle}.
 */
final class OracleTypeFactors implements TypeFactors {
  private GpuType[] types = new GpuType[0];

  @Override
  public void startSlot(ObservedSlot slot, GpuTypeNodes nodes) {
    types = new GpuType[nodes.count()];
    for (int t = 0; t < types.length; t++) {
      types[t] = slot.cluster().spec().gpuType(nodes.firstNode(t));
    }
  }

  @Override
  public double factor(JobType jobType, int gpuType) {
    return types[gpuType].factor(jobType);
  }
}
