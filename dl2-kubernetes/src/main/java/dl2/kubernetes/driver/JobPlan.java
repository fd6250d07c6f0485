package dl2.kubernetes.driver;

import dl2.kubernetes.api.Dl2JobSpec;
import dl2.model.JobType;
import java.util.List;

/** A job's allocation for the slot: the node name of each worker and each parameter server. */
public record JobPlan(String name, String uid, JobType type, Dl2JobSpec spec, List<String> workerNodes, List<String> psNodes) {
  int workers() {
    return workerNodes.size();
  }

  int parameterServers() {
    return psNodes.size();
  }
}
