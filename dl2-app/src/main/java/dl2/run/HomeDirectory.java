package dl2.run;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The checkout dl2 runs from ({@code -Ddl2.home}), where the shipped policies and the default trace
 * folder are found. The {@code ./dl2} launcher sets it; {@code java -jar
 * dl2-app/target/dl2-app.jar} leaves it to be found from the jar's own place.
 */
public final class HomeDirectory {
  private HomeDirectory() {}

  /**
   * Sets {@code dl2.home} from the jar's location when nobody set it and the jar is in a checkout.
   */
  public static void findIfUnset() {
    if (System.getProperty("dl2.home") == null) {
      ofJar().ifPresent(home -> System.setProperty("dl2.home", home.toString()));
    }
  }

  /** ROOT for a jar at ROOT/dl2-app/target/dl2-app.jar beside ROOT/policies; else empty. */
  static Optional<Path> ofJar() {
    try {
      Path jar =
          Path.of(HomeDirectory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return checkoutOf(jar);
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      return Optional.empty();
    }
  }

  static Optional<Path> checkoutOf(Path jar) {
    Path target = jar.toAbsolutePath().getParent();
    if (target == null || target.getParent() == null || target.getParent().getParent() == null) {
      return Optional.empty();
    }
    Path root = target.getParent().getParent();
    return Files.isRegularFile(jar) && Files.isDirectory(root.resolve("policies"))
        ? Optional.of(root)
        : Optional.empty();
  }
}
