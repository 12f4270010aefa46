import type { Document, DocumentCategoryWithCounts, DocumentStatus, DocumentTemplate } from '@sixa/contracts/browser';
import { DatabaseOutlined, FileAddOutlined, FileSyncOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Space, Tabs, Typography } from 'antd';
import { lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AccessButton } from '../../shared/access';
import { FilterChip } from '../../shared/FilterChip';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { OpenedOnce } from '../../shared/OpenedOnce';
import { PageHeader } from '../../shared/PageHeader';
import { useFormDialog } from '../../shared/useFormDialog';
import { useLinkQuery, useOnLinkValue } from '../../shared/useLinkQuery';
import { CategoryCard } from './CategoryCard';
import { CategoryChips } from './CategoryChips';
import { DOCUMENT_STATUS_LABEL, emptyTabText, TAB_LABELS, type DocumentsTab } from './documentLabels';
import type { DocumentFormTarget } from './DocumentFormModal';
import {
  DOCUMENT_ERRORS,
  useGetCategoriesQuery,
  useGetDocumentQuery,
  useGetDocumentsQuery,
  useGetTemplatesQuery,
  TEMPLATES_LIMIT,
} from './documentsApi';
import { DocumentsTable } from './DocumentsTable';
import { TemplateCard } from './TemplateCard';
import { useDocumentActions } from './useDocumentActions';

/** Dialogs and the detail drawer are chunks of their own, fetched on first use. */
const DocumentFormModal = lazy(() => import('./DocumentFormModal').then((m) => ({ default: m.DocumentFormModal })));
const TemplateFormModal = lazy(() => import('./TemplateFormModal').then((m) => ({ default: m.TemplateFormModal })));
const TemplatePreviewModal = lazy(() =>
  import('./TemplatePreviewModal').then((m) => ({ default: m.TemplatePreviewModal })),
);
const ConvertFileModal = lazy(() => import('./ConvertFileModal').then((m) => ({ default: m.ConvertFileModal })));
const SendForSignatureModal = lazy(() =>
  import('./SendForSignatureModal').then((m) => ({ default: m.SendForSignatureModal })),
);
const DocumentDetailDrawer = lazy(() =>
  import('./DocumentDetailDrawer').then((m) => ({ default: m.DocumentDetailDrawer })),
);

/** One card a row on phones, two on tablets, three on wide screens. */
const COLUMNS = { xs: 24, md: 12, xl: 8 } as const;
const TABS = Object.keys(TAB_LABELS) as DocumentsTab[];
const isTab = (value: string | null): value is DocumentsTab => (TABS as (string | null)[]).includes(value);

/**
 * A link may open a tab (`?tab=documents`) filtered to a category (`?category=<id>`), or one
 * document's view (`?document=<id>`: a quote's signed document, for instance).
 */
const LINK_KEYS = ['tab', 'category', 'document'] as const;

const NO_TEMPLATES: DocumentTemplate[] = [];
const NO_DOCUMENTS: Document[] = [];
const NO_CATEGORIES: DocumentCategoryWithCounts[] = [];

function CardsSkeleton({ label }: { label: string }) {
  return (
    <Row gutter={[16, 16]} aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <Col key={i} {...COLUMNS}>
          <Card size="small" loading />
        </Col>
      ))}
    </Row>
  );
}

function EmptyTab({ tab, failed, action }: { tab: DocumentsTab; failed: boolean; action?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={failed ? `${TAB_LABELS[tab]} could not be loaded` : emptyTabText(tab)}
    >
      {failed ? null : action}
    </Empty>
  );
}

/**
 * Document Center: templates (cards with Use Template and Preview), documents (a table with View,
 * Edit and Send for Signature) and categories (cards with their counts and View All), a category
 * chip row over the first two, and the Convert File, Create Template and Create Document dialogs.
 */
export default function DocumentsPage() {
  const link = useLinkQuery(LINK_KEYS);
  const { clear } = link;
  const [tab, setShownTab] = useState<DocumentsTab>(() => (isTab(link.values.tab) ? link.values.tab : 'templates'));
  const [categoryId, setShownCategory] = useState<string | null>(link.values.category);
  const [status, setStatus] = useState<DocumentStatus | null>(null);
  const [page, setPage] = useState(1);
  useOnLinkValue(link.values.tab, (value) => {
    if (isTab(value)) setShownTab(value);
  });
  useOnLinkValue(link.values.category, setShownCategory);

  const setTab = (next: DocumentsTab) => {
    setShownTab(next);
    clear('tab');
  };
  const setCategory = useCallback(
    (next: string | null) => {
      setShownCategory(next);
      setPage(1);
      clear('category');
    },
    [clear],
  );
  const filterStatus = useCallback((next: DocumentStatus | null) => {
    setStatus(next);
    setPage(1);
  }, []);

  const templatesQuery = useGetTemplatesQuery({ category_id: categoryId ?? undefined });
  const [polling, setPolling] = useState(false);
  const documentsQuery = useGetDocumentsQuery(
    { category_id: categoryId ?? undefined, status: status ?? undefined, page },
    // While documents are out for signature, their status moves without anyone here doing anything.
    { pollingInterval: polling ? 30_000 : 0, skipPollingIfUnfocused: true },
  );
  const categoriesQuery = useGetCategoriesQuery();
  const templates = templatesQuery.data?.items ?? NO_TEMPLATES;
  const documents = documentsQuery.data?.items ?? NO_DOCUMENTS;
  const categories = categoriesQuery.data ?? NO_CATEGORIES;
  const anyPending = documents.some((document) => document.status === 'pending_signature');
  useEffect(() => setPolling(anyPending), [anyPending]);
  const categoryById = useMemo(() => new Map(categories.map((category) => [category.id, category])), [categories]);

  const actions = useDocumentActions();
  const linkedId = link.values.document;
  const { data: linkedDocument } = useGetDocumentQuery(linkedId ?? '', { skip: !linkedId });
  const documentForm = useFormDialog<DocumentFormTarget>({ kind: 'create', template: null });
  const templateForm = useFormDialog<null>(null);
  const [converting, setConverting] = useState(false);
  const [previewing, setPreviewing] = useState<DocumentTemplate | null>(null);
  const sending = useFormDialog<Document | null>(null);
  const [viewing, setViewing] = useState<Document | null>(null);
  // Once per linked document, when it has arrived: its view, on the Documents tab.
  const shownLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedDocument || linkedDocument.id !== linkedId || shownLink.current === linkedId) return;
    shownLink.current = linkedId;
    setShownTab('documents');
    setViewing(linkedDocument);
  }, [linkedDocument, linkedId]);
  const closeView = useCallback(() => {
    setViewing(null);
    // Seen: closing the view is not undone by the address.
    clear('document');
  }, [clear]);

  const openDocumentForm = documentForm.show;
  const startFromTemplate = useCallback(
    (template: DocumentTemplate) => {
      setPreviewing(null);
      openDocumentForm({ kind: 'create', template });
    },
    [openDocumentForm],
  );
  const editDocument = useCallback(
    (document: Document) => openDocumentForm({ kind: 'edit', document }),
    [openDocumentForm],
  );
  const sendDocument = sending.show;
  const viewAll = useCallback(
    (category: DocumentCategoryWithCounts) => {
      setCategory(category.id);
      setShownTab('documents');
      clear('tab', 'category');
    },
    [setCategory, clear],
  );

  const counts: Record<DocumentsTab, number | undefined> = {
    templates: templatesQuery.data?.total,
    documents: documentsQuery.data?.total,
    categories: categoriesQuery.data?.length,
  };

  const createDocumentButton = (
    <AccessButton
      route="POST /documents"
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => openDocumentForm({ kind: 'create', template: null })}
    >
      Create Document
    </AccessButton>
  );
  const createTemplateButton = (
    <AccessButton route="POST /document-templates" icon={<FileAddOutlined />} onClick={() => templateForm.show(null)}>
      Create Template
    </AccessButton>
  );

  let templatesContent: ReactNode;
  if (templatesQuery.isLoading) templatesContent = <CardsSkeleton label="Loading templates" />;
  else if (!templates.length)
    templatesContent = (
      <EmptyTab
        tab="templates"
        failed={Boolean(templatesQuery.error && !templatesQuery.data)}
        action={createTemplateButton}
      />
    );
  else
    templatesContent = (
      <Flex vertical gap="middle">
        <Row gutter={[16, 16]}>
          {templates.map((template) => (
            <Col key={template.id} {...COLUMNS}>
              <TemplateCard
                template={template}
                category={template.category_id ? categoryById.get(template.category_id) : undefined}
                onUse={startFromTemplate}
                onPreview={setPreviewing}
              />
            </Col>
          ))}
        </Row>
        {(templatesQuery.data?.total ?? 0) > templates.length ? (
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            Showing the newest {TEMPLATES_LIMIT} of {templatesQuery.data?.total} templates
          </Typography.Text>
        ) : null}
      </Flex>
    );

  let categoriesContent: ReactNode;
  if (categoriesQuery.isLoading) categoriesContent = <CardsSkeleton label="Loading categories" />;
  else if (!categories.length)
    categoriesContent = <EmptyTab tab="categories" failed={Boolean(categoriesQuery.error && !categoriesQuery.data)} />;
  else
    categoriesContent = (
      <Row gutter={[16, 16]}>
        {categories.map((category) => (
          <Col key={category.id} {...COLUMNS}>
            <CategoryCard category={category} onViewAll={viewAll} />
          </Col>
        ))}
      </Row>
    );

  const documentsContent = (
    <DocumentsTable
      documents={documents}
      total={documentsQuery.data?.total ?? 0}
      page={page}
      onPage={setPage}
      loading={documentsQuery.isLoading || (documentsQuery.isFetching && documents.length === 0)}
      failed={Boolean(documentsQuery.error && !documentsQuery.data)}
      statusFilter={status}
      onStatusFilter={filterStatus}
      onView={setViewing}
      onEdit={editDocument}
      onSend={sendDocument}
    />
  );

  const contents: Record<DocumentsTab, ReactNode> = {
    templates: templatesContent,
    documents: documentsContent,
    categories: categoriesContent,
  };
  const errors: Record<DocumentsTab, { error: unknown; fallback: string; retry: () => void }> = {
    templates: { error: templatesQuery.error, fallback: DOCUMENT_ERRORS.templates, retry: templatesQuery.refetch },
    documents: { error: documentsQuery.error, fallback: DOCUMENT_ERRORS.documents, retry: documentsQuery.refetch },
    categories: { error: categoriesQuery.error, fallback: DOCUMENT_ERRORS.categories, retry: categoriesQuery.refetch },
  };

  return (
    <>
      <PageHeader
        title="Document Center"
        subtitle="Templates, documents, file conversion and e-signature"
        extra={
          <Space wrap>
            <Button
              icon={<DatabaseOutlined />}
              loading={actions.initializing}
              onClick={() => void actions.initialize()}
            >
              Initialize Sample Data
            </Button>
            <AccessButton
              route="POST /documents/convert"
              icon={<FileSyncOutlined />}
              onClick={() => setConverting(true)}
            >
              Convert Files
            </AccessButton>
            {createTemplateButton}
            {createDocumentButton}
          </Space>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as DocumentsTab)}
          items={TABS.map((key) => ({
            key,
            label: counts[key] === undefined ? TAB_LABELS[key] : `${TAB_LABELS[key]} (${counts[key]})`,
            children: (
              <Flex vertical gap="middle">
                {key !== 'categories' ? (
                  <CategoryChips categories={categories} selected={categoryId} onSelect={setCategory} />
                ) : null}
                {key === 'documents' && status ? (
                  <Flex>
                    <FilterChip
                      label={`Status: ${DOCUMENT_STATUS_LABEL[status]}`}
                      onRemove={() => filterStatus(null)}
                    />
                  </Flex>
                ) : null}
                <LoadErrorAlert
                  error={errors[key].error}
                  fallback={errors[key].fallback}
                  onRetry={() => void errors[key].retry()}
                />
                {contents[key]}
              </Flex>
            ),
          }))}
        />
      </Card>
      <OpenedOnce open={documentForm.open}>
        <DocumentFormModal
          open={documentForm.open}
          target={documentForm.target}
          templates={templates}
          categories={categories}
          categoryId={categoryId}
          onClose={documentForm.close}
        />
      </OpenedOnce>
      <OpenedOnce open={templateForm.open}>
        <TemplateFormModal
          open={templateForm.open}
          categories={categories}
          categoryId={categoryId}
          onClose={templateForm.close}
        />
      </OpenedOnce>
      <OpenedOnce open={previewing !== null}>
        <TemplatePreviewModal template={previewing} onClose={() => setPreviewing(null)} onUse={startFromTemplate} />
      </OpenedOnce>
      <OpenedOnce open={converting}>
        <ConvertFileModal open={converting} onClose={() => setConverting(false)} />
      </OpenedOnce>
      <OpenedOnce open={sending.open}>
        {sending.target ? (
          <SendForSignatureModal open={sending.open} document={sending.target} onClose={sending.close} />
        ) : null}
      </OpenedOnce>
      <OpenedOnce open={viewing !== null}>
        <DocumentDetailDrawer
          document={viewing}
          categories={categories}
          onClose={closeView}
          onEdit={editDocument}
          onSend={sendDocument}
        />
      </OpenedOnce>
    </>
  );
}
