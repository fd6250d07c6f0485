package dl2.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class MockApiSmokeTest {
  @Test
  void crudModeKeepsDl2JobsAndTheirStatus() {
    KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
        new KubernetesCrudDispatcher(List.of()), false);
    server.init();
    try (KubernetesClient client = server.createClient()) {
      Dl2Job job = new Dl2Job();
      job.setMetadata(new ObjectMetaBuilder().withName("a").withNamespace("test").build());
      job.setSpec(new Dl2JobSpec());
      job.getSpec().modelType = "resnet-50";
      job.getSpec().epochs = 10.0;
      client.resources(Dl2Job.class).inNamespace("test").resource(job).create();
      Dl2Job edited = new Dl2Job();
      edited.setMetadata(new ObjectMetaBuilder().withName("a").withNamespace("test").build());
      edited.setStatus(new Dl2JobStatus());
      edited.getStatus().epochsDone = 2.5;
      edited.getStatus().conditions = null;
      client.resources(Dl2Job.class).inNamespace("test").resource(edited).patchStatus();
      Dl2Job read = client.resources(Dl2Job.class).inNamespace("test").withName("a").get();
      assertThat(read.getSpec().epochs).isEqualTo(10.0);
      assertThat(read.getStatus().epochsDone).isEqualTo(2.5);
      System.out.println(client.getHttpClient().getClass());
    } finally {
      server.destroy();
    }
  }
}
