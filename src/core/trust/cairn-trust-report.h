/* cairn-trust-report.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What a project folder holds that Claude Code would run, or that widens
 * what it may do (docs/trust.md, "What a folder can hold"). */
typedef enum
{
  CAIRN_TRUST_KIND_HOOK,        /* name: event (matcher); detail: command */
  CAIRN_TRUST_KIND_MCP_SERVER,  /* name: server; detail: command and arguments, or URL */
  CAIRN_TRUST_KIND_PERMISSION,  /* name: allow/ask/deny/additionalDirectories/defaultMode; detail: rule */
  CAIRN_TRUST_KIND_ENV,         /* name: variable; detail: value */
  CAIRN_TRUST_KIND_COMMAND,     /* name: setting (apiKeyHelper, statusLine…); detail: command */
  CAIRN_TRUST_KIND_PLUGIN,      /* name: setting; detail: plugin or marketplace */
  CAIRN_TRUST_KIND_PROBLEM,     /* a file that could not be read as it is: name: file; detail: why */
} CairnTrustKind;

typedef struct
{
  CairnTrustKind  kind;
  char           *source;   /* the file, relative to the folder: ".claude/settings.json" */
  char           *name;
  char           *detail;
  gboolean        is_new;   /* not there when the folder was last trusted */
} CairnTrustEntry;

#define CAIRN_TYPE_TRUST_REPORT (cairn_trust_report_get_type ())

G_DECLARE_FINAL_TYPE (CairnTrustReport, cairn_trust_report, CAIRN, TRUST_REPORT, GObject)

CairnTrustReport      *cairn_trust_report_new           (const char       *folder);
const char            *cairn_trust_report_get_folder    (CairnTrustReport *self);
void                   cairn_trust_report_add           (CairnTrustReport *self,
                                                         CairnTrustKind    kind,
                                                         const char       *source,
                                                         const char       *name,
                                                         const char       *detail);
guint                  cairn_trust_report_get_n_entries (CairnTrustReport *self);
const CairnTrustEntry *cairn_trust_report_get_entry     (CairnTrustReport *self,
                                                         guint             index);
guint                  cairn_trust_report_get_n_new     (CairnTrustReport *self);
char                 **cairn_trust_report_dup_fingerprint (CairnTrustReport *self);
void                   cairn_trust_report_mark_new      (CairnTrustReport *self,
                                                         const char * const *known);
char                  *cairn_trust_entry_dup_key        (const CairnTrustEntry *entry);

G_END_DECLS
