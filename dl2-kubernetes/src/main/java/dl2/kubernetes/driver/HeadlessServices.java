package dl2.kubernetes.driver;

import dl2.kubernetes.api.ClusterApi;
import io.fabric8.kubernetes.api.model.Service;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One headless Service per job that holds tasks, publishing its members; services of other jobs go.
 */
final class HeadlessServices {
  private HeadlessServices() {}

  static void sync(ClusterApi api, PodFactory pods, List<JobPlan> plans, Rejections rejections) {
    Set<String> existing = new TreeSet<>();
    Set<String> wanted = new TreeSet<>();
    plans.stream()
        .filter(p -> p.workers() + p.parameterServers() > 0)
        .forEach(p -> wanted.add(p.name()));
    for (Service service : api.services()) {
      String name = service.getMetadata().getName();
      existing.add(name);
      if (!wanted.contains(name)) {
        api.deleteService(name);
      }
    }
    for (JobPlan plan : plans) {
      if (wanted.contains(plan.name()) && !existing.contains(plan.name())) {
        rejections.guarded(plan.name(), () -> api.create(pods.headlessService(plan))).run();
      }
    }
  }
}
