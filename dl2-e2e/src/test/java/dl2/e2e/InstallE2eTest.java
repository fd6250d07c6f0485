package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * deploy/ installs on a real API server: the CRD is established, its schema judges specs, the roles
 * mean what they say.
 */
class InstallE2eTest {
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.start("install", 1);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  @Test
  void theShippedExamplesAreAcceptedAndABadSpecIsRejectedByTheSchema() throws Exception {
    for (String example : new String[] {"example-dl2job.yaml", "example-elastic-pytorch.yaml"}) {
      run.createJob(Files.readString(DeployObjects.DEPLOY.resolve(example)));
    }
    assertThat(run.status("resnet50-demo")).isNotNull();
    assertThatThrownBy(() -> run.createJob(Jobs.of("bad-model", "resnet-51", 10, 1)))
        .isInstanceOfSatisfying(
            KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(422));
  }

  private static boolean allowed(
      String account, String group, String resource, String subresource, String verb) {
    SubjectAccessReview review =
        run.admin()
            .authorization()
            .v1()
            .subjectAccessReview()
            .create(
                new SubjectAccessReviewBuilder()
                    .withNewSpec()
                    .withUser("system:serviceaccount:" + run.namespace() + ":" + account)
                    .withGroups(
                        "system:serviceaccounts",
                        "system:serviceaccounts:" + run.namespace(),
                        "system:authenticated")
                    .withNewResourceAttributes()
                    .withNamespace(resource.equals("nodes") ? null : run.namespace())
                    .withGroup(group)
                    .withResource(resource)
                    .withSubresource(subresource)
                    .withVerb(verb)
                    .endResourceAttributes()
                    .endSpec()
                    .build());
    return review.getStatus().getAllowed();
  }

  @Test
  void theApiServerGrantsTheShippedRolesWhatTheClientsUseAndNoMore() {
    assertThat(allowed("dl2-controller", "coordination.k8s.io", "leases", null, "patch")).isTrue();
    assertThat(allowed("dl2-controller", "dl2.io", "dl2jobs", "finalizers", "update")).isTrue();
    assertThat(allowed("dl2-controller", "dl2.io", "dl2jobs", "status", "patch")).isTrue();
    assertThat(allowed("dl2-controller", "", "pods", null, "create")).isTrue();
    assertThat(allowed("dl2-controller", "", "configmaps", null, "patch")).isTrue();
    assertThat(allowed("dl2-controller", "", "nodes", null, "list")).isTrue();
    assertThat(allowed("dl2-controller", "dl2.io", "dl2jobs", null, "delete")).isFalse();
    assertThat(allowed("dl2-controller", "", "secrets", null, "list")).isFalse();
    assertThat(allowed("trainer", "dl2.io", "dl2jobs", null, "get")).isTrue();
    assertThat(allowed("trainer", "dl2.io", "dl2jobs", "status", "patch")).isTrue();
    assertThat(allowed("trainer", "dl2.io", "dl2jobs", null, "list")).isFalse();
  }
}
