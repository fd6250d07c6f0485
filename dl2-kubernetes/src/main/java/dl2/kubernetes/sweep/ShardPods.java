package dl2.kubernetes.sweep;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Map;

/** What a sweep reads of one shard's pod: its shard index, and how its container ended. */
final class ShardPods {
  private ShardPods() {}

  static int exitCode(Pod pod) {
    ContainerStateTerminated terminated = terminated(pod);
    return terminated == null || terminated.getExitCode() == null ? -1 : terminated.getExitCode();
  }

  static ContainerStateTerminated terminated(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
      return null;
    }
    for (ContainerStatus status : pod.getStatus().getContainerStatuses()) {
      if (SweepJobs.CONTAINER.equals(status.getName())
          && status.getState() != null
          && status.getState().getTerminated() != null) {
        return status.getState().getTerminated();
      }
    }
    return null;
  }

  static Integer index(Pod pod) {
    Map<String, String> annotations = pod.getMetadata().getAnnotations();
    String index = annotations == null ? null : annotations.get(SweepJobs.INDEX_ANNOTATION);
    try {
      return index == null ? null : Integer.valueOf(index);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
