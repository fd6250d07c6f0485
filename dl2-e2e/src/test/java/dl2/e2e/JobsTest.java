package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.Dl2Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

/** The e2e manifests parse as the DL2Jobs they mean. */
class JobsTest {
  @Test
  void manifestsParse() {
    KubernetesSerialization yaml = new KubernetesSerialization();
    Dl2Job job =
        yaml.unmarshal(
            Jobs.withWorker("badpod", "- name: Worker\n  image: registry.k8s.io/pause:3.10\n"),
            Dl2Job.class);
    assertThat(job.getMetadata().getName()).isEqualTo("badpod");
    assertThat(job.getSpec().maxWorkers).isEqualTo(1);
    assertThat(job.getSpec().workerTemplate.getSpec().getContainers())
        .singleElement()
        .satisfies(c -> assertThat(c.getName()).isEqualTo("Worker"));
    assertThat(yaml.unmarshal(Jobs.of("a", "vgg-16", 2.5, 2), Dl2Job.class).getSpec().epochs)
        .isEqualTo(2.5);
  }
}
