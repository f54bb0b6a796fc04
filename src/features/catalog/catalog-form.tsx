import * as Tabs from '@radix-ui/react-tabs'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { catalog, listOfType, type Product, type ProductType } from '../../api/catalog'
import { requeueCatalogCreate } from '../../api/catalog-requeue'
import type { ProductInput } from '../../contract/product'
import type { OutboxEntry } from '../../outbox/db'
import { draftKey } from '../../outbox/drafts'
import { isLocalId, newLocalId } from '../../outbox/outbox'
import { useAppForm } from '../../ui/form/fields'
import { checkChangedOnly } from '../../ui/form/issued-values'
import { platformErrorListeners, useOutboxSave, useRefusalOnFields } from '../../ui/form/platform-answer'
import { TabErrorMark, useTabsWithErrors } from '../../ui/form/tab-errors'
import { useChangedOnPlatform } from '../resource/changed-on-platform'
import { closeSaved, EntityFormFrame, useFormDraft, useSaveError } from '../resource/entity-form'
import { ActionsTab } from './actions-tab'
import { ConfigurationTab, ConnectorSettingsTab } from './catalog-form-config'
import { ConnectorDefinitionTab, ConnectorTab, MapperTab } from './catalog-form-connector'
import { GeneralTab, InformationTab } from './catalog-form-general'
import {
  type CatalogFormValues,
  catalogFormSchema,
  productEditBody,
  toFormValues,
  toProductInput,
} from './catalog-form-schema'
import type { CatalogPanels } from './catalog-panels'
import { listPath } from './catalog-paths'
import { TAB_LABELS, type TabId, tabOfField, tabsOf } from './catalog-tabs'

/** The product's own sections shown as tabs: each loads what it shows only when opened. */
const LOADED_WHEN_OPENED = new Set<TabId>(['contracts', 'credentials', 'files'])

/** Tabs with a refused field, from the schema itself (the fields' own errors show once on screen). */
function tabsWithErrors(type: ProductType, values: CatalogFormValues): Set<TabId> {
  const result = catalogFormSchema.safeParse(values)
  if (result.success) return new Set()
  return new Set(result.error.issues.map((issue) => tabOfField(type, String(issue.path[0] ?? ''))))
}

/**
 * The one form of the catalog, for create and edit of products, sources, templates,
 * connectors and transformers. Tabs follow the type; slot tabs (`panels`) only when given.
 * A save is queued in the outbox, never lost; the draft is kept while typing.
 */
export function CatalogForm({
  type,
  current,
  panels = {},
  refused,
}: {
  type: ProductType
  current?: Product
  panels?: CatalogPanels
  /** A change of this entity the platform refused after its form was closed. */
  refused?: OutboxEntry
}) {
  const intl = useIntl()
  const navigate = useNavigate()
  const list = listOfType(type)
  const key = draftKey(`catalog-${type}`, current?.id ?? 'new')
  const { saveError, trying } = useSaveError()
  const [tab, setTab] = useState<TabId>('general')
  // The version the user started editing: a newer one on the platform must surface as a conflict.
  const [baseVersion] = useState(current?.updatedAt)
  const outbox = useOutboxSave(refused)
  // A value the platform issued is checked only once the user changes it.
  const [validator] = useState(() =>
    checkChangedOnly(catalogFormSchema, current ? toFormValues(type, current) : undefined),
  )
  const form = useAppForm({
    defaultValues: toFormValues(type, current),
    validators: { onChange: validator, onSubmit: validator },
    listeners: platformErrorListeners,
    onSubmitInvalid: ({ value }) => {
      const first = tabsOf(type, panels).find((t) => tabsWithErrors(type, value).has(t))
      if (first) setTab(first)
    },
    onSubmit: async ({ value, formApi }) => {
      const input = toProductInput(value, current)
      // An edit (a PATCH) carries only what the user changed; a create never accepted is sent whole.
      const changes = current && !isLocalId(current.id) ? productEditBody(type, current, value) : input
      const outcome = await trying(() =>
        outbox.save(
          () => {
            if (!current) return catalog.queueCreate(newLocalId(), input)
            if (isLocalId(current.id)) return requeueCatalogCreate(current.id, input)
            return catalog.queueUpdate({ ...current, updatedAt: baseVersion }, changes as ProductInput)
          },
          changes,
          formApi,
        ),
      )
      if (!outcome) return
      if (outcome.kind === 'refused') {
        const first = tabsOf(type, panels).find((t) =>
          (outcome.entry.issues ?? []).some((i) => tabOfField(type, i.path.split('.')[0] ?? '') === t),
        )
        if (first) setTab(first)
        return
      }
      await closeSaved(key, formApi, value, draft)
      // A saved product returns to its detail; the other kinds have none but their list.
      const id = outcome.kind === 'sent' ? outcome.entityId : current?.id
      if (current && type === 'dataproduct' && id && !isLocalId(id))
        await navigate({ to: '/products/$id', params: { id } })
      else await navigate({ to: listPath(list) })
    },
  })
  const draft = useFormDraft(form, key)
  useRefusalOnFields(form, refused)
  // Changed on the platform while open (the live stream updates `current`): what was typed stays.
  const changedOnPlatform = useChangedOnPlatform(current, (entity) => toFormValues(type, entity))
  const tabs = tabsOf(type, panels)
  const invalid = useTabsWithErrors(form, (field) => tabOfField(type, field.split(/[.[]/)[0] ?? ''))

  const panel = (id: TabId) => {
    switch (id) {
      case 'general':
        return <GeneralTab form={form} />
      case 'information':
        return <InformationTab form={form} />
      case 'configuration':
        return <ConfigurationTab form={form} product={type === 'dataproduct'} />
      case 'actions':
        return <ActionsTab form={form} />
      case 'connectorSettings':
        return <ConnectorSettingsTab form={form} />
      case 'connector':
        return <ConnectorTab form={form} />
      case 'connectorDefinition':
        return <ConnectorDefinitionTab form={form} />
      case 'mapper':
        return <MapperTab form={form} />
      case 'contracts':
        return panels.contracts
      case 'credentials':
        return panels.credentials
      case 'files':
        return panels.files
      case 'taskMeta':
        return panels.taskMeta
    }
  }

  return (
    <EntityFormFrame
      form={form}
      refused={outbox.refused}
      changed={changedOnPlatform}
      draft={draft}
      saveError={saveError}
      // A draft saved by an older form may lack newer fields: the defaults fill them.
      onRestore={(restored) =>
        form.reset({ ...toFormValues(type, current), ...(restored as object) }, { keepDefaultValues: true })
      }
      onCancel={() => void navigate({ to: listPath(list) })}
      className="max-w-3xl rounded-lg bg-white p-4 shadow-sm sm:p-6"
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(tabs.find((t) => t === v) ?? tab)}>
        <Tabs.List
          aria-label={intl.formatMessage({ id: 'catalog.formSections', defaultMessage: 'Form sections' })}
          className="mb-4 flex flex-wrap gap-1 border-b border-gray-200"
        >
          {tabs.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="-mb-px rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-gray-700 hover:text-primary-800 data-[state=active]:border-primary-700 data-[state=active]:text-primary-900"
            >
              {intl.formatMessage(TAB_LABELS[id])}
              {invalid.has(id) && <TabErrorMark />}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((id) => (
          <Tabs.Content
            key={id}
            value={id}
            // The form's own tabs stay mounted while another is open: their fields keep the errors of
            // a refused save (and the summary counts them), and task and meta data their unsaved
            // typing. The product's contracts, credentials and files load only when opened.
            forceMount={LOADED_WHEN_OPENED.has(id) ? undefined : true}
            className="focus-visible:outline-2 focus-visible:outline-primary-600 data-[state=inactive]:hidden"
          >
            {panel(id)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </EntityFormFrame>
  )
}
