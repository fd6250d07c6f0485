package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.registry.Launch;
import dl2.registry.Registry;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A placement of one's own, compiled here into a classes directory with its service file, as a
 * user's jar would hold it: found by name, runnable as SCHEDULER@NAME, and refused where its name
 * or its placements are wrong.
 */
class PlacementPluginsTest {
  private static final Launch SEED_3 = new Launch(0, 0, 3, 0);

  @TempDir Path dir;

  /**
   * A plug-in called {@code name} whose placements report {@code reported} and put every task on
   * the highest node index.
   */
  private Path plugin(String name, String reported) throws IOException {
    String cls = "LastNode" + dir.toFile().list().length; // a class of its own in each directory
    Path sources = dir.resolve("src-" + cls);
    Path classes = dir.resolve("classes-" + cls);
    Files.createDirectories(sources.resolve("own"));
    Files.writeString(
        sources.resolve("own/" + cls + ".java"),
        """
        package own;

        public final class %s implements dl2.placement.PlacementPlugin {
          public String name() { return "%s"; }

          public dl2.slot.Placement create(long seed) {
            return new dl2.slot.Placement() {
              public String name() { return "%s"; }

              public int nodeFor(dl2.slot.JobView job, dl2.model.Task task, dl2.slot.PlacementView view) {
                return view.cluster().nodeCount() - 1;
              }
            };
          }
        }
        """
            .formatted(cls, name, reported));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    int status =
        compiler.run(
            null,
            null,
            null,
            "-d",
            classes.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            sources.resolve("own/" + cls + ".java").toString());
    assertThat(status).isZero();
    Path services = classes.resolve("META-INF/services");
    Files.createDirectories(services);
    Files.writeString(services.resolve(PlacementPlugin.class.getName()), "own." + cls + "\n");
    return classes;
  }

  @Test
  void aPlugInRunsWithAnySchedulerByName() throws IOException {
    Registry<Placement> placements = loaded(plugin("last-node", "last-node"));
    assertThat(placements.plugInNames()).containsExactly("last-node");
    assertThat(placements.names())
        .containsExactly(
            "least-loaded",
            "fewest-nodes",
            "interference-aware",
            "fastest-type",
            "fastest-type-oracle",
            "last-node");
    Scheduler scheduler =
        PlacedSchedulers.create(
            SchedulerName.parse("drf@last-node"), Schedulers.BUILT_IN, placements, SEED_3);
    assertThat(scheduler.name()).isEqualTo("drf@last-node");
    Placement placement = placements.create("last-node", SEED_3);
    assertThat(placement.name()).isEqualTo("last-node");
  }

  @Test
  void plugInsFollowTheBuiltInsAlphabeticallyAndTakeNoNameTwice() throws IOException {
    Path zeta = plugin("zeta", "zeta");
    Path alpha = plugin("alpha", "alpha");
    assertThat(Placements.BUILT_IN.withPlugins(PlacementPlugin.class, List.of(zeta, alpha)).names())
        .containsExactly(
            "least-loaded",
            "fewest-nodes",
            "interference-aware",
            "fastest-type",
            "fastest-type-oracle",
            "alpha",
            "zeta");
    Path again = plugin("zeta", "zeta");
    assertThatThrownBy(
            () -> Placements.BUILT_IN.withPlugins(PlacementPlugin.class, List.of(zeta, again)))
        .isInstanceOf(InputException.class)
        .hasMessageEndingWith(
            "is named 'zeta', which is taken; names in use: least-loaded, fewest-nodes, "
                + "interference-aware, fastest-type, fastest-type-oracle, zeta");
  }

  @Test
  void aBuiltInNameIsTaken() throws IOException {
    Path classes = plugin("fewest-nodes", "fewest-nodes");
    assertThatThrownBy(() -> loaded(classes))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "is named 'fewest-nodes', which is taken; names in use: least-loaded, fewest-nodes");
  }

  @Test
  void aPlacementMustReportItsPlugInsName() throws IOException {
    Registry<Placement> placements = loaded(plugin("mine", "other"));
    assertThatThrownBy(() -> placements.create("mine", SEED_3))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "placement plug-in 'mine' created a placement named 'other'; its create(seed) must return a new "
                + "placement named 'mine'");
  }

  @Test
  void aJarWithoutPlugInsOrAMissingOneIsAOneLineError() throws IOException {
    Files.createDirectories(dir.resolve("empty"));
    assertThatThrownBy(() -> loaded(dir.resolve("empty")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("no placement plug-in in");
    assertThatThrownBy(() -> loaded(dir.resolve("missing.jar")))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "--placement-jar " + dir.resolve("missing.jar") + ": no such file or directory");
  }

  @Test
  void unknownPlacementsAreNamedWithTheValidOnes() {
    assertThatThrownBy(() -> Placements.byName("random"))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "unknown placement 'random'; valid placements: least-loaded, fewest-nodes, interference-aware, "
                + "fastest-type, fastest-type-oracle");
    assertThatThrownBy(
            () ->
                PlacedSchedulers.create(
                    SchedulerName.parse("optimus@nearest"),
                    Schedulers.BUILT_IN,
                    Placements.BUILT_IN,
                    SEED_3))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "unknown placement 'nearest' in 'optimus@nearest'; valid placements: "
                + "least-loaded, fewest-nodes, interference-aware, fastest-type, fastest-type-oracle; "
                + "your own with --placement-jar JAR");
  }

  @Test
  void aNameWithoutPlacementIsTheSchedulerAlone() {
    assertThat(created("optimus-fitted")).isEqualTo("optimus-fitted");
    assertThat(created("optimus-fitted@fewest-nodes")).isEqualTo("optimus-fitted@fewest-nodes");
    assertThat(created("optimus-fitted@least-loaded")).isEqualTo("optimus-fitted@least-loaded");
  }

  private static String created(String name) {
    return PlacedSchedulers.create(
            SchedulerName.parse(name), Schedulers.BUILT_IN, Placements.BUILT_IN, SEED_3)
        .name();
  }

  private static Registry<Placement> loaded(Path jar) {
    return Placements.BUILT_IN.withPlugins(PlacementPlugin.class, List.of(jar));
  }
}
