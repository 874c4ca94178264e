/**
 * Builds the resume upload box's strings on the server (ResumeDrop.astro calls this with
 * locals.t), so the page carries only its language's texts.
 */
import type { Translate } from '~/lib/i18n';
import type { ResumeDropStrings } from '~/lib/resume-drop/types';

export function resumeDropStrings(t: Translate): ResumeDropStrings {
  // {{fileName}} is filled in by the box's script: keep the placeholder through this t call.
  const keep = { fileName: '{{fileName}}', interpolation: { escapeValue: false } };
  return {
    title: t('resume:drop.title'),
    hint: t('resume:drop.hint'),
    choose: t('resume:drop.choose'),
    active: t('resume:drop.active'),
    formats: t('resume:drop.formats'),
    uploading: t('resume:drop.uploading', keep),
    uploadedTitle: t('resume:drop.uploadedTitle'),
    uploadedFile: t('resume:drop.uploadedFile', keep),
    review: t('resume:drop.review'),
    nothingRead: t('resume:drop.nothingRead'),
    unsure: t('resume:drop.unsure'),
    reading: t('resume:drop.reading'),
    another: t('resume:drop.another'),
    continue: t('resume:drop.continue'),
    download: t('resume:drop.download'),
    experienceJoin: t('resume:drop.experienceJoin', {
      years: '{{years}}',
      months: '{{months}}',
      interpolation: { escapeValue: false },
    }),
    fields: {
      name: t('resume:fields.name'),
      email: t('resume:fields.email'),
      phone: t('resume:fields.phone'),
      skills: t('resume:fields.skills'),
      experience: t('resume:fields.experience'),
      designation: t('resume:fields.designation'),
      company: t('resume:fields.company'),
      education: t('resume:fields.education'),
      linkedIn: t('resume:fields.linkedIn'),
    },
    errors: {
      required: t('resume:errors.required'),
      invalidFile: t('resume:errors.invalidFile'),
      format: t('resume:errors.format'),
      size: t('resume:errors.size'),
      sizeOrFormat: t('resume:errors.sizeOrFormat'),
      uploadFailed: t('resume:errors.uploadFailed'),
      tooMany: t('resume:errors.tooMany'),
      network: t('resume:errors.network'),
      generic: t('resume:errors.generic'),
    },
  };
}
