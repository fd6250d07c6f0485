package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.schedulers.Schedulers;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
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
  @TempDir Path dir;

  /** A plug-in called {@code name} whose placements report {@code reported} and put every task on the highest node index. */
  private Path plugin(String name, String reported) throws IOException {
    Path sources = dir.resolve("src-" + name);
    Path classes = dir.resolve("classes-" + name);
    Files.createDirectories(sources.resolve("own"));
    Files.writeString(sources.resolve("own/LastNode.java"), """
        package own;

        public final class LastNode implements dl2.placement.PlacementPlugin {
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
        """.formatted(name, reported));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    int status = compiler.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
        sources.resolve("own/LastNode.java").toString());
    assertThat(status).isZero();
    Path services = classes.resolve("META-INF/services");
    Files.createDirectories(services);
    Files.writeString(services.resolve(PlacementPlugin.class.getName()), "own.LastNode\n");
    return classes;
  }

  @Test
  void aPlugInRunsWithAnySchedulerByName() throws IOException {
    PlacementPlugins plugins = PlacementPlugins.load(List.of(plugin("last-node", "last-node")));
    assertThat(plugins.names()).containsExactly("last-node");
    Scheduler scheduler = PlacedSchedulers.create("drf@last-node", Schedulers::baseline, plugins, 3);
    assertThat(scheduler.name()).isEqualTo("drf@last-node");
    Placement placement = PlacedSchedulers.placement("last-node", plugins, 3);
    assertThat(placement.name()).isEqualTo("last-node");
  }

  @Test
  void aBuiltInNameIsTaken() throws IOException {
    Path classes = plugin("fewest-nodes", "fewest-nodes");
    assertThatThrownBy(() -> PlacementPlugins.load(List.of(classes))).isInstanceOf(InputException.class)
        .hasMessageContaining("is named 'fewest-nodes', which is taken; names in use: least-loaded, fewest-nodes");
  }

  @Test
  void aPlacementMustReportItsPlugInsName() throws IOException {
    PlacementPlugins plugins = PlacementPlugins.load(List.of(plugin("mine", "other")));
    assertThatThrownBy(() -> plugins.create("mine", 1)).isInstanceOf(InputException.class)
        .hasMessageContaining("created a placement named 'other'");
  }

  @Test
  void aJarWithoutPlugInsOrAMissingOneIsAOneLineError() throws IOException {
    Files.createDirectories(dir.resolve("empty"));
    assertThatThrownBy(() -> PlacementPlugins.load(List.of(dir.resolve("empty")))).isInstanceOf(InputException.class)
        .hasMessageContaining("no placement plug-in in");
    assertThatThrownBy(() -> PlacementPlugins.load(List.of(dir.resolve("missing.jar")))).isInstanceOf(InputException.class)
        .hasMessage("--placement-jar " + dir.resolve("missing.jar") + ": no such file or directory");
  }

  @Test
  void unknownPlacementsAreNamedWithTheValidOnes() {
    assertThatThrownBy(() -> Placements.byName("random")).isInstanceOf(InputException.class)
        .hasMessage("unknown placement 'random'; valid placements: least-loaded, fewest-nodes, interference-aware");
    assertThatThrownBy(() -> PlacedSchedulers.create("optimus@nearest", Schedulers::baseline, PlacementPlugins.none(), 0))
        .isInstanceOf(InputException.class).hasMessage("unknown placement 'nearest' in 'optimus@nearest'; valid placements: "
            + "least-loaded, fewest-nodes, interference-aware; your own with --placement-jar JAR");
  }

  @Test
  void aNameWithoutPlacementIsTheSchedulerAlone() {
    assertThat(PlacedSchedulers.create("optimus-fitted", Schedulers::baseline, PlacementPlugins.none(), 0).name())
        .isEqualTo("optimus-fitted");
    assertThat(PlacedSchedulers.create("optimus-fitted@fewest-nodes", Schedulers::baseline, PlacementPlugins.none(), 0).name())
        .isEqualTo("optimus-fitted@fewest-nodes");
  }
}
