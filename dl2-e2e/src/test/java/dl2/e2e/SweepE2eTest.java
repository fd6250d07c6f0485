package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dl2.cli.Dl2;
import io.fabric8.kubernetes.api.model.ContainerImage;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code train} sweep on the cluster's own kubelets: one Indexed Job of the dl2 image ({@code
 * DL2_E2E_IMAGE}, default {@code dl2:0.1.0}, which a node must hold already, e.g. {@code kind load
 * docker-image dl2:0.1.0}), its shard leaving its runs on a PersistentVolumeClaim of the default
 * StorageClass, read back and merged here: the same runs as the sweep trained locally. Skipped
 * where no real node holds the image or no StorageClass is the default.
 */
class SweepE2eTest {
  private static final String IMAGE = System.getenv().getOrDefault("DL2_E2E_IMAGE", "dl2:0.1.0");
  private static E2eRun run;

  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.start("sweep", 0);
    assumeTrue(
        run.admin().nodes().list().getItems().stream().anyMatch(SweepE2eTest::runsTheImage),
        "no Ready node with a kubelet holds "
            + IMAGE
            + ": load it first (kind load docker-image "
            + IMAGE
            + ")");
    assumeTrue(
        run.admin().storage().v1().storageClasses().list().getItems().stream()
            .anyMatch(
                c ->
                    c.getMetadata().getAnnotations() != null
                        && "true"
                            .equals(
                                c.getMetadata()
                                    .getAnnotations()
                                    .get("storageclass.kubernetes.io/is-default-class"))),
        "the cluster has no default StorageClass for the results' claim");
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  /**
   * A real node (not one of the tests' fake nodes), Ready, whose kubelet reports the image among
   * its own.
   */
  private static boolean runsTheImage(Node node) {
    boolean fake =
        node.getMetadata().getLabels() != null
            && node.getMetadata().getLabels().containsKey(FakeNodes.LABEL);
    boolean ready =
        node.getStatus() != null
            && node.getStatus().getConditions() != null
            && node.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    List<ContainerImage> images =
        node.getStatus() == null || node.getStatus().getImages() == null
            ? List.of()
            : node.getStatus().getImages();
    return !fake
        && ready
        && images.stream()
            .anyMatch(
                i ->
                    i.getNames() != null
                        && i.getNames().stream()
                            .anyMatch(n -> n.equals(IMAGE) || n.endsWith("/" + IMAGE)));
  }

  private static List<String> train(Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "train",
                "--workload",
                "paper-testbed",
                "--seeds",
                "1,2",
                "--steps",
                "2",
                "--validate-every",
                "1",
                "--validation-traces",
                "1",
                "--threads",
                "1",
                "--out",
                out.toString()));
    args.addAll(List.of(more));
    return args;
  }

  @Test
  void aTrainSweepLeavesItsRunsOnAVolumeAndMergesThemHere() throws Exception {
    run.admin()
        .persistentVolumeClaims()
        .inNamespace(run.namespace())
        .resource(
            new PersistentVolumeClaimBuilder()
                .withNewMetadata()
                .withName("results")
                .endMetadata()
                .withNewSpec()
                .withAccessModes("ReadWriteOnce")
                .withNewResources()
                .addToRequests("storage", new Quantity("1Gi"))
                .endResources()
                .endSpec()
                .build())
        .create();
    Path local = dir.resolve("local");
    StringWriter err = new StringWriter();
    assertThat(
            Dl2.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err))
                .execute(train(local).toArray(String[]::new)))
        .as(err.toString())
        .isZero();

    Path swept = dir.resolve("swept");
    try (ControllerProcess sweep =
        ControllerProcess.start(
            train(
                swept,
                "--on-kubernetes",
                "--kubeconfig",
                run.adminKubeconfig().toString(),
                "--namespace",
                run.namespace(),
                "--image",
                IMAGE,
                "--shards",
                "1",
                "--results-claim",
                "results"),
            Map.of())) {
      assertThat(sweep.awaitExit(Duration.ofMinutes(15)))
          .as(String.join("\n", sweep.lines()))
          .isZero();
    }
    assertThat(files(swept))
        .isEqualTo(files(local))
        .containsKeys("paper-testbed-seed-2/best.policy");
    assertThat(run.admin().pods().inNamespace(run.namespace()).list().getItems())
        .as("no shard or reader left")
        .isEmpty();
  }

  /**
   * Every file under {@code root} but the output markers (each records its own command line), by
   * relative path.
   */
  private static Map<String, String> files(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        String name = root.relativize(file).toString();
        if (!name.endsWith(".dl2-output")) {
          files.put(name, dl2.io.Digests.sha256(Files.readAllBytes(file)));
        }
      }
    }
    return files;
  }
}
