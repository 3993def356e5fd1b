import type { LanguageSynonyms } from "./types";

export const indonesian: LanguageSynonyms = {
  language: "id",
  name: "Indonesian",
  history: ["riwayat", "sejarah", "arsip", "sesi sebelumnya", "log sesi", "usang"],
  context: ["lingkungan", "file yang diubah", "berkas yang diubah", "pertanyaan terbuka", "baca dulu"],
  resumeCommand: ["perintah lanjutan", "perintah melanjutkan", "cara melanjutkan"],
  nextAction: [
    "langkah selanjutnya", "langkah berikutnya", "tindakan selanjutnya", "tindakan berikutnya", "sesi berikutnya",
    "sesi selanjutnya", "tugas berikutnya",
  ],
  verification: ["verifikasi", "validasi", "pengujian", "uji", "tes", "pemeriksaan", "bukti", "perintah verifikasi"],
  decisions: ["keputusan"],
  resumePointer: ["penunjuk lanjutan", "handoff sebelumnya", "serah terima sebelumnya"],
  identity: ["identitas", "identitas sesi", "metadata sesi", "informasi sesi", "data sesi"],
  goal: ["tujuan", "sasaran", "^tugas", "permintaan awal"],
  constraints: ["batasan", "kendala"],
  state: [
    "^status", "status terkini", "status saat ini", "keadaan saat ini", "kondisi saat ini", "kemajuan", "progres",
    "selesai", "sedang berjalan", "sedang dikerjakan", "dalam proses", "belum dimulai", "tertunda",
  ],
  remaining: ["sisa pekerjaan", "pekerjaan tersisa", "yang belum", "belum selesai", "masih terbuka"],
  status: {
    done: ["selesai", "sudah selesai", "rampung", "tuntas"],
    inProgress: ["sedang berjalan", "sedang dikerjakan", "dalam proses", "berlangsung", "sebagian"],
    notStarted: [
      "belum dimulai", "belum selesai", "belum dikerjakan", "tertunda", "sisa pekerjaan", "yang belum",
      "masih terbuka", "terblokir",
    ],
  },
  other: [
    "catatan", "risiko", "hambatan", "pertanyaan", "konteks", "ringkasan", "referensi", "arsitektur", "asumsi",
    "berkas",
  ],
  labels: {
    identity: ["identitas", "identitas sesi"],
    goal: ["tujuan", "batasan"],
    decisions: ["keputusan"],
    state: ["status", "selesai", "sedang berjalan", "belum dimulai"],
    nextAction: ["langkah selanjutnya", "langkah berikutnya"],
    verification: ["verifikasi", "perintah verifikasi", "pengujian"],
    resumePointer: ["penunjuk lanjutan"],
    resumeCommand: ["perintah lanjutan"],
  },
};
