package dl2.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HomeDirectoryTest {
  @Test
  void aJarInACheckoutsTargetFolderFindsTheCheckout(@TempDir Path root) throws Exception {
    Files.createDirectories(root.resolve("policies"));
    Path jar = Files.createDirectories(root.resolve("dl2-app/target")).resolve("dl2-app.jar");
    Files.writeString(jar, "");

    assertThat(HomeDirectory.checkoutOf(jar)).contains(root.toAbsolutePath());
  }

  @Test
  void aJarElsewhereFindsNothing(@TempDir Path root) throws Exception {
    Path jar = Files.createDirectories(root.resolve("a/b")).resolve("dl2-app.jar");
    Files.writeString(jar, "");

    assertThat(HomeDirectory.checkoutOf(jar)).isEmpty();
    assertThat(HomeDirectory.checkoutOf(Path.of("dl2-app.jar"))).isEmpty();
  }
}
