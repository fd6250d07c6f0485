package dl2.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import org.junit.jupiter.api.Test;

class ModelFileReaderTest {
  private static final String HEADER =
      "model,epoch_size,worker_cores,worker_gpus,ps_cores,a,b,c,d,e\n";
  private static final String BERT = "bert-base,200,4,1,2,5e-3,1e-2,1e-2,3e-4,0\n";

  private static void fails(String text, String message) {
    assertThatThrownBy(() -> ModelFileReader.read(text, "m.csv"))
        .isInstanceOf(InputException.class)
        .hasMessage(message);
  }

  @Test
  void readsModelsWithTheirDemandsAndCurves() {
    DeclaredModels models =
        ModelFileReader.read(HEADER + BERT + "\nTabNet,150,2,0,1,,,,,\n", "m.csv");
    JobType bert = models.catalogue().byModelName("BERT-base").orElseThrow();
    JobType tabnet = models.catalogue().byModelName("tabnet").orElseThrow();
    assertThat(bert.number()).isEqualTo(9);
    assertThat(tabnet.number()).isEqualTo(10);
    assertThat(tabnet.modelName()).isEqualTo("tabnet");
    assertThat(bert.builtIn()).isFalse();
    assertThat(bert.epochSize()).isEqualTo(200);
    assertThat(bert.demand(Task.WORKER)).isEqualTo(new Resources(4, 1));
    assertThat(bert.demand(Task.PS)).isEqualTo(new Resources(2, 0));
    assertThat(tabnet.usesGpu()).isFalse();
    assertThat(models.curves())
        .containsOnlyKeys(bert)
        .containsEntry(bert, new OptimusCurve(5e-3, 1e-2, 1e-2, 3e-4, 0));
    assertThat(models.withoutCurve()).containsExactly(tabnet);
    assertThat(models.lines()).containsEntry(bert, 2L).containsEntry(tabnet, 4L);
  }

  @Test
  void aCurveFollowsOptimusFormExactly() {
    DeclaredModels models = ModelFileReader.read(HEADER + BERT, "m.csv");
    JobType bert = models.catalogue().declared().get(0);
    SpeedModel speed = models.speedModel(FittedOptimusSpeed.INSTANCE);
    double w = 3;
    double p = 2;
    assertThat(speed.samplesPerSecond(bert, 2, 3))
        .isEqualTo(1.0 / ((((5e-3 / w + 1e-2) + (1e-2 * w) / p) + 3e-4 * w) + 0 * p));
    assertThat(speed.samplesPerSecond(bert, 0, 3)).isZero();
    assertThat(speed.samplesPerSecond(JobType.VGG_16, 2, 3))
        .isEqualTo(FittedOptimusSpeed.INSTANCE.samplesPerSecond(JobType.VGG_16, 2, 3));
  }

  @Test
  void withoutDeclarationsTheSpeedModelIsTheBaseItself() {
    assertThat(DeclaredModels.NONE.speedModel(FittedOptimusSpeed.INSTANCE))
        .isSameAs(FittedOptimusSpeed.INSTANCE);
    assertThat(DeclaredModels.NONE.catalogue().all()).containsExactly(JobType.values());
  }

  @Test
  void psGpusAndAFileWithoutCurveColumnsAreAccepted() {
    DeclaredModels models =
        ModelFileReader.read(
            "model,ps_gpus,epoch_size,worker_cores,worker_gpus,ps_cores\nx,1,10,1,1,1\n", "m.csv");
    assertThat(models.catalogue().declared().get(0).demand(Task.BUNDLE))
        .isEqualTo(new Resources(2, 2));
    assertThat(models.curves()).isEmpty();
  }

  @Test
  void aModelWithoutCurveNeedsASpeedTable() {
    DeclaredModels models = ModelFileReader.read(HEADER + "tabnet,150,2,0,1,,,,,\n", "m.csv");
    assertThatThrownBy(() -> models.speedModel(FittedOptimusSpeed.INSTANCE))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "m.csv:2: field 'a': model tabnet has no speed curve (a,b,c,d,e); give one, or give its speeds with --speed-table");
  }

  @Test
  void aModelNoNodeCanHostIsRefused() {
    DeclaredModels models = ModelFileReader.read(HEADER + "huge,10,8,2,2,1,1,1,1,1\n", "m.csv");
    assertThatThrownBy(() -> models.requireFits(ClusterSpec.ofNodes(4)))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "m.csv:2: field 'worker_cores': a worker and a PS of huge take 10 cores and 2 GPUs, more than a node's "
                + "8 cores and 2 GPUs, so its jobs could never run");
  }

  @Test
  void badFilesAreRefusedNamingTheLineAndTheField() {
    fails(
        "",
        "m.csv: empty file; expected the header model,epoch_size,worker_cores,worker_gpus,ps_cores[,ps_gpus][,a,b,c,d,e][,speed_<gpu type>...]");
    fails(HEADER, "m.csv: no models after the header");
    fails(
        "model,epoch_size,worker_cores,worker_gpus\n",
        "m.csv:1: field 'ps_cores': missing header column; expected "
            + "model,epoch_size,worker_cores,worker_gpus,ps_cores[,ps_gpus][,a,b,c,d,e][,speed_<gpu type>...]");
    fails(
        "model,epoch_size,worker_cores,worker_gpus,ps_cores,speed\n",
        "m.csv:1: field 'speed': unknown header column; expected "
            + "model,epoch_size,worker_cores,worker_gpus,ps_cores[,ps_gpus][,a,b,c,d,e][,speed_<gpu type>...]");
    fails("model,model,epoch_size\n", "m.csv:1: field 'model': duplicate header column");
    fails(
        "model,epoch_size,worker_cores,worker_gpus,ps_cores,a,b\n",
        "m.csv:1: field 'c': missing header column; the speed curve needs all of a,b,c,d,e");
    fails(
        HEADER + BERT + BERT,
        "m.csv:3: field 'model': model 'bert-base' is declared twice (first on line 2)");
    fails(
        HEADER + "ResNet-50,1,1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'model': model 'resnet-50' is built in; choose another name");
    fails(
        HEADER + "my model,1,1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'model': not a valid model name: 'my model'; "
            + "use letters, digits and . _ + - (starting with a letter or digit)");
    fails(HEADER + "x,abc,1,1,1,1,1,1,1,1\n", "m.csv:2: field 'epoch_size': not a number: 'abc'");
    fails(
        HEADER + "x,NaN,1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'epoch_size': not a finite number: 'NaN'");
    fails(
        HEADER + "x,1e999,1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'epoch_size': not a finite number: '1e999'");
    fails(
        HEADER + "x,0,1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'epoch_size': must be in [1e-6, 1e12] samples: 0");
    fails(
        HEADER + "x,1e13,1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'epoch_size': must be in [1e-6, 1e12] samples: 1e13");
    fails(
        HEADER + "x,1,1,1,1,1e-320,1,1,1,1\n",
        "m.csv:2: field 'a': must be 0 or in [1e-12, 1e6] seconds per sample, " + "got 1e-320");
    fails(
        HEADER + "x,1,1.5,1,1,1,1,1,1,1\n", "m.csv:2: field 'worker_cores': not an integer: '1.5'");
    fails(
        HEADER + "x,1,-1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'worker_cores': must be in 0..1000000, got -1");
    fails(
        HEADER + "x,1,0,0,1,1,1,1,1,1\n",
        "m.csv:2: field 'worker_cores': a worker and a PS each need at least one core or GPU");
    fails(
        HEADER + "x,1,1,1,1,1,,1,1,1\n",
        "m.csv:2: field 'b': empty; give all of a,b,c,d,e or leave all five blank");
    fails(
        HEADER + "x,1,1,1,1,1,1,-1,1,1\n",
        "m.csv:2: field 'c': must be 0 or in [1e-12, 1e6] seconds per sample, got -1");
    fails(
        HEADER + "x,1,1,1,1,0,0,0,0,0\n",
        "m.csv:2: field 'a': a,b,c,d,e are all 0, which is an infinite speed");
    fails(HEADER + "x,1,1,1\n", "m.csv:2: field 'ps_cores': expected 10 cells, found 4");
    fails(
        HEADER + "x,1,1,1,1,1,1,1,1,1,1\n",
        "m.csv:2: field 'cell 11': expected 10 cells, found 11");
    fails(HEADER + "\"x,1\n", "m.csv: malformed CSV");
  }

  @Test
  void atMostTheCatalogueCapacityCanBeDeclared() {
    StringBuilder text = new StringBuilder(HEADER);
    for (int i = 0; i <= dl2.model.ModelCatalogue.MAX_DECLARED; i++) {
      text.append("m").append(i).append(",1,1,0,1,1,1,1,1,1\n");
    }
    fails(
        text.toString(),
        "m.csv:"
            + (dl2.model.ModelCatalogue.MAX_DECLARED + 2)
            + ": field 'model': at most "
            + dl2.model.ModelCatalogue.MAX_DECLARED
            + " models can be declared");
  }

  @Test
  void aSpeedColumnGivesTheModelsFactorOnThatGpuTypeAndBlankMeansOne() {
    DeclaredModels models =
        ModelFileReader.read(
            "model,epoch_size,worker_cores,worker_gpus,ps_cores,speed_k80,speed_t4\n"
                + "bert-base,200,4,1,2,0.25,\n",
            "m.csv");
    JobType bert = models.catalogue().declared().get(0);
    assertThat(GpuCatalogue.K80.factor(bert)).isEqualTo(0.25);
    assertThat(GpuCatalogue.T4.factor(bert)).isEqualTo(1);
    assertThat(GpuCatalogue.V100.factor(bert)).isEqualTo(1);
  }

  @Test
  void aSpeedColumnOfAnUnknownGpuTypeOrAFactorAboveOneIsRefused() {
    fails(
        "model,epoch_size,worker_cores,worker_gpus,ps_cores,speed_h100\nm,1,1,1,1,0.5\n",
        "m.csv:1: field 'speed_h100': unknown GPU type 'h100'; known: "
            + "default, k80, p100, v100, a100, t4");
    fails(
        "model,epoch_size,worker_cores,worker_gpus,ps_cores,speed_k80\nm,1,1,1,1,1.5\n",
        "m.csv:2: field 'speed_k80': a speed factor relative to the model's curve must be in"
            + " (0, 1], got 1.5");
  }
}
