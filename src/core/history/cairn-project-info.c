/* cairn-project-info.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "history/cairn-project-info.h"

/* A project of the CLI's history, as the start page lists it. */

struct _CairnProjectInfo
{
  GObject  parent_instance;

  char    *cwd;
  GFile   *folder;
  guint    n_conversations;
  gint64   modified;
};

G_DEFINE_FINAL_TYPE (CairnProjectInfo, cairn_project_info, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CWD,
  PROP_FOLDER,
  PROP_N_CONVERSATIONS,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_project_info_finalize (GObject *object)
{
  CairnProjectInfo *self = (CairnProjectInfo *)object;

  g_clear_pointer (&self->cwd, g_free);
  g_clear_object (&self->folder);

  G_OBJECT_CLASS (cairn_project_info_parent_class)->finalize (object);
}

static void
cairn_project_info_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CairnProjectInfo *self = CAIRN_PROJECT_INFO (object);

  switch (prop_id)
    {
    case PROP_CWD:
      g_value_set_string (value, self->cwd);
      break;

    case PROP_FOLDER:
      g_value_set_object (value, self->folder);
      break;

    case PROP_N_CONVERSATIONS:
      g_value_set_uint (value, self->n_conversations);
      break;

    case PROP_MODIFIED:
      g_value_set_int64 (value, self->modified);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_project_info_class_init (CairnProjectInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = cairn_project_info_finalize;
  object_class->get_property = cairn_project_info_get_property;

  properties [PROP_CWD] = g_param_spec_string ("cwd", NULL, NULL, NULL, flags);
  properties [PROP_FOLDER] = g_param_spec_object ("folder", NULL, NULL, G_TYPE_FILE, flags);
  properties [PROP_N_CONVERSATIONS] =
    g_param_spec_uint ("n-conversations", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* unix seconds */
  properties [PROP_MODIFIED] = g_param_spec_int64 ("modified", NULL, NULL, 0, G_MAXINT64, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_project_info_init (CairnProjectInfo *self)
{
}

CairnProjectInfo *
cairn_project_info_new (const char *cwd,
                        GFile      *folder,
                        guint       n_conversations,
                        gint64      modified)
{
  CairnProjectInfo *self = g_object_new (CAIRN_TYPE_PROJECT_INFO, NULL);

  self->cwd = g_strdup (cwd);
  self->folder = g_object_ref (folder);
  self->n_conversations = n_conversations;
  self->modified = modified;
  return self;
}

gint64
cairn_project_info_get_modified (CairnProjectInfo *self)
{
  return self->modified;
}
