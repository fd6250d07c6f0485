package dl2.kubernetes;

import dl2.model.JobType;
import java.util.List;

/** A job's allocation for the slot: the node name of each worker and each parameter server. */
record JobPlan(String name, String uid, JobType type, Dl2JobSpec spec, List<String> workerNodes, List<String> psNodes) {
  int workers() {
    return workerNodes.size();
  }

  int parameterServers() {
    return psNodes.size();
  }
}
