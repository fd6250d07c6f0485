package dl2.learning.rl;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.file.PolicySettings;
import dl2.learning.run.RunBudget;
import dl2.workload.LengthSetting;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code resume.state}: what a synchronous RL run needs, beside final.policy (networks and Adam
 * state), to continue bit-identically from its last checkpoint: the step, the best validation JCT,
 * the curve rows and every agent's simulator, replay, exploration and random streams. The file
 * records the settings it was made with; resuming with different settings is refused.
 */
final class ResumeState {
  static final String FILE = "resume.state";
  private static final String FORMAT = "dl2-rl-resume";

  /** 3: each agent's encoding memory (the placed encodings' last placements). */
  private static final int VERSION = 3;

  record Header(long step, double bestJct, List<double[]> rows) {}

  private ResumeState() {}

  /** The agents' part of the file, taken at the checkpoint's step (the header can follow later). */
  static byte[] agentsPart(List<Agent> agents) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    out.writeInt(agents.size());
    agents.forEach(a -> a.writeState(out));
    out.flush();
    return bytes.toByteArray();
  }

  /** Writes the file: the header (step, best JCT, curve rows) then {@code agentsPart}. */
  static void save(
      Path file,
      RlConfig config,
      PolicySettings settings,
      long step,
      double bestJct,
      List<double[]> rows,
      byte[] agentsPart)
      throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    out.writeString(FORMAT);
    out.writeInt(VERSION);
    out.writeString(fingerprint(config, settings));
    out.writeLong(step);
    out.writeDouble(bestJct);
    out.writeInt(rows.size());
    rows.forEach(out::writeDoubles);
    out.flush();
    bytes.write(agentsPart);
    AtomicFiles.write(file, bytes.toByteArray());
  }

  /**
   * Reads the header and restores the agents; the caller restores the networks from final.policy.
   * Anything that does not decode is a one-line InputException naming the file.
   */
  static Header load(Path file, RlConfig config, PolicySettings settings, List<Agent> agents) {
    try (InputStream stream = Files.newInputStream(file)) {
      StateReader in = new StateReader(new java.io.BufferedInputStream(stream), file.toString());
      if (!FORMAT.equals(in.readString()) || in.readInt() != VERSION) {
        throw InputException.inFile(file.toString(), "not a " + FORMAT + " v" + VERSION + " file");
      }
      String stored = in.readString();
      if (!fingerprint(config, settings).equals(stored)
          && !legacyFingerprint(config).equals(stored)) {
        throw InputException.inFile(
            file.toString(),
            "was written with different training settings; resume with the command that started the run");
      }
      long step = in.readLong();
      double best = in.readDouble();
      int count = in.readCount(1 << 20);
      List<double[]> rows = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        rows.add(in.readDoubles());
      }
      if (in.readInt() != agents.size()) {
        throw in.corrupt("agent count differs");
      }
      agents.forEach(a -> a.readState(in));
      if (!in.atEnd()) {
        throw in.corrupt("unexpected bytes after the last agent");
      }
      return new Header(step, best, rows);
    } catch (NoSuchFileException e) {
      throw InputException.inFile(
          file.toString(), "no resume state here (runs save it at each validation)");
    } catch (IOException e) {
      throw InputException.inFile(file.toString(), "cannot read: " + OutputPaths.reason(e));
    } catch (InputException e) {
      throw e;
    } catch (RuntimeException e) {
      // An internal binary format: whatever fails to decode means the file is damaged.
      throw InputException.inFile(file.toString(), "corrupt resume state (" + e.getMessage() + ")");
    }
  }

  /**
   * The settings that must match, the policy's included; steps, threads and the validation interval
   * may change. Runs on exact lengths keep the fingerprint they had before lengths could differ.
   */
  private static String fingerprint(RlConfig c, PolicySettings settings) {
    LengthSetting lengths = c.budget().lengths();
    return legacyFingerprint(c)
        + " "
        + settings
        + (lengths.exact() ? "" : " lengths=" + lengths.label());
  }

  /**
   * The fingerprint of files written before it included the policy settings: the settings in the
   * text that {@code RlConfig} printed when it held every knob itself, with the steps, threads and
   * validation interval set to 1. Kept letter for letter, so that resume files stay byte-identical
   * and earlier runs still resume.
   */
  static String legacyFingerprint(RlConfig c) {
    RunBudget b = c.budget();
    ActorCritic a = c.actorCritic();
    return "RlConfig[preset="
        + b.preset()
        + ", seed="
        + b.seed()
        + ", agents="
        + a.agents()
        + ", steps=1, learningRate="
        + a.learningRate()
        + ", batchSize="
        + a.batchSize()
        + ", replayCapacity="
        + a.replayCapacity()
        + ", replay="
        + a.replay()
        + ", exploration="
        + a.exploration()
        + ", update="
        + a.update()
        + ", reward="
        + a.reward()
        + ", annealEntropy="
        + a.annealEntropy()
        + ", synchronous="
        + a.synchronous()
        + ", trainingTraces="
        + b.trainingTraces()
        + ", validateEvery=1, validationTraces="
        + b.validationTraces()
        + ", threads=1, marginalValue="
        + a.marginalValue()
        + ", extraTraces="
        + a.extraTraces()
        + "]";
  }
}
