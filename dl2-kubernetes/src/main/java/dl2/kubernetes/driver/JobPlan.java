package dl2.kubernetes.driver;

import dl2.kubernetes.api.Dl2JobSpec;
import dl2.model.JobType;
import java.util.List;

/**
 * A job's allocation for the slot: the node name of each worker and each parameter server, and the
 * indices the pods driver numbers its next pods from (so that no pod's name comes back on another
 * node; from the job's status).
 */
public record JobPlan(
    String name,
    String uid,
    JobType type,
    Dl2JobSpec spec,
    List<String> workerNodes,
    List<String> psNodes,
    int nextWorkerIndex,
    int nextPsIndex) {
  /** A plan whose pods are numbered from 0. */
  public JobPlan(
      String name,
      String uid,
      JobType type,
      Dl2JobSpec spec,
      List<String> workerNodes,
      List<String> psNodes) {
    this(name, uid, type, spec, workerNodes, psNodes, 0, 0);
  }

  int workers() {
    return workerNodes.size();
  }

  int parameterServers() {
    return psNodes.size();
  }
}
