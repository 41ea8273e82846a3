{{/*
The facts about each service that the images fix: its HTTP port and the variable that sets it, its management port
(health and metrics, when they are not on the HTTP port) and its variable, the services it calls (and the variable
holding its own URL for its callers), and which external dependencies it reads. Templates range over this;
values.yaml only tunes the deployments.
*/}}
{{- define "shellbox.catalog" -}}
api-gateway:
  port: 8080
  portEnv: SHELLBOX_GATEWAY_PORT
  managementPort: 8084
  managementPortEnv: SHELLBOX_GATEWAY_MANAGEMENT_PORT
  calls: [sandbox-service, vfs-service, usage-service]
  oidc: true
  bootstrapAdminKey: true
sandbox-service:
  port: 8081
  portEnv: SHELLBOX_SANDBOX_PORT
  urlEnv: SHELLBOX_SANDBOX_URL
  calls: [vfs-service, usage-service]
  kafka: true
  managesSandboxPods: true
  secretsMasterKey: true
vfs-service:
  port: 8082
  portEnv: SHELLBOX_VFS_PORT
  urlEnv: SHELLBOX_VFS_URL
  calls: [usage-service]
  kafka: true
  s3: true
usage-service:
  port: 8083
  portEnv: SHELLBOX_USAGE_PORT
  urlEnv: SHELLBOX_USAGE_URL
  calls: []
  kafka: true
{{- end -}}

{{/* The name of the port a service serves health and metrics on (its catalog entry): management, else http. */}}
{{- define "shellbox.managementPortName" -}}
{{- if .managementPort }}management{{ else }}http{{ end -}}
{{- end -}}

{{- define "shellbox.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The name of a service's objects: (list $root "vfs-service") -> shellbox-vfs-service. */}}
{{- define "shellbox.componentName" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "shellbox.fullname" $root) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "shellbox.sandboxNamespace" -}}
{{- default .Release.Namespace .Values.sandboxPods.namespace -}}
{{- end -}}

{{/* Labels of every object; (list $root component). The scrape config in k8s/grafana keys on part-of and name. */}}
{{- define "shellbox.labels" -}}
{{- $root := index . 0 -}}
helm.sh/chart: {{ printf "%s-%s" $root.Chart.Name $root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
app.kubernetes.io/part-of: shellbox
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
{{ include "shellbox.selectorLabels" . }}
{{- end -}}

{{- define "shellbox.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ index . 1 }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
{{- end -}}

{{/* Labels that select the sandbox pods of this release. */}}
{{- define "shellbox.sandboxPodSelector" -}}
app.kubernetes.io/component: sandbox
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "shellbox.image" -}}
{{- $root := index . 0 -}}
{{- $image := index . 1 -}}
{{- $repository := $image.repository -}}
{{- with $root.Values.image.registry }}{{ $repository = printf "%s/%s" (trimSuffix "/" .) $repository }}{{ end -}}
{{- printf "%s:%s" $repository (coalesce $image.tag $root.Values.image.tag $root.Chart.AppVersion) -}}
{{- end -}}

{{/*
An env var read from a Secret: (list envName existingSecret existingKey ownSecret ownKey). The existing Secret wins;
without one the chart's own Secret holds the value under ownKey.
*/}}
{{- define "shellbox.secretEnv" -}}
- name: {{ index . 0 }}
  valueFrom:
    secretKeyRef:
      {{- if index . 1 }}
      name: {{ index . 1 }}
      key: {{ index . 2 }}
      {{- else }}
      name: {{ index . 3 }}
      key: {{ index . 4 }}
      {{- end }}
{{- end -}}

{{/* The environment of one service: (list $root name catalogEntry), only variables its application.properties reads. */}}
{{- define "shellbox.env" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $component := index . 2 -}}
{{- $values := $root.Values -}}
{{- $catalog := include "shellbox.catalog" $root | fromYaml -}}
{{- $ownSecret := include "shellbox.fullname" $root -}}
- name: SHELLBOX_BIND_HOST
  value: 0.0.0.0
- name: {{ $component.portEnv }}
  value: {{ $component.port | int | quote }}
{{- if $component.managementPort }}
- name: {{ $component.managementPortEnv }}
  value: {{ $component.managementPort | int | quote }}
{{- end }}
- name: SHELLBOX_DB_HOST
  value: {{ $values.database.host | quote }}
- name: SHELLBOX_DB_PORT
  value: {{ $values.database.port | int | quote }}
- name: SHELLBOX_DB_USER
  value: {{ $values.database.user | quote }}
{{ include "shellbox.secretEnv" (list "SHELLBOX_DB_PASSWORD" $values.database.existingSecret $values.database.existingSecretPasswordKey $ownSecret "database-password") }}
{{- range $callee := $component.calls }}
- name: {{ (index $catalog $callee).urlEnv }}
  value: {{ printf "http://%s:%d" (include "shellbox.componentName" (list $root $callee)) ((index $catalog $callee).port | int) }}
{{- end }}
{{- if $component.kafka }}
- name: KAFKA_BOOTSTRAP_SERVERS
  value: {{ $values.kafka.bootstrapServers | quote }}
{{- end }}
{{- if $component.s3 }}
- name: SHELLBOX_S3_ENDPOINT
  value: {{ $values.s3.endpoint | quote }}
- name: SHELLBOX_S3_REGION
  value: {{ $values.s3.region | quote }}
- name: SHELLBOX_S3_BUCKET
  value: {{ $values.s3.bucket | quote }}
{{ include "shellbox.secretEnv" (list "SHELLBOX_S3_ACCESS_KEY" $values.s3.existingSecret $values.s3.existingSecretAccessKeyKey $ownSecret "s3-access-key") }}
{{ include "shellbox.secretEnv" (list "SHELLBOX_S3_SECRET_KEY" $values.s3.existingSecret $values.s3.existingSecretSecretKeyKey $ownSecret "s3-secret-key") }}
{{- end }}
{{- if $component.oidc }}
- name: SHELLBOX_OIDC_ENABLED
  value: {{ $values.oidc.enabled | quote }}
{{- if $values.oidc.enabled }}
- name: SHELLBOX_OIDC_ISSUER
  value: {{ required "oidc.issuer is required when oidc.enabled" $values.oidc.issuer | quote }}
- name: SHELLBOX_OIDC_CLIENT_ID
  value: {{ $values.oidc.clientId | quote }}
- name: SHELLBOX_OIDC_AUDIENCE
  value: {{ $values.oidc.audience | quote }}
- name: SHELLBOX_OIDC_PRINCIPAL_CLAIM
  value: {{ $values.oidc.principalClaim | quote }}
- name: SHELLBOX_OIDC_ROLES_CLAIM
  value: {{ $values.oidc.rolesClaim | quote }}
{{- end }}
{{- end }}
{{- if $component.bootstrapAdminKey }}
{{- $key := index $values.services $name "bootstrapAdminKey" }}
{{- if or $key.value $key.existingSecret }}
{{ include "shellbox.secretEnv" (list "SHELLBOX_BOOTSTRAP_ADMIN_KEY" $key.existingSecret $key.existingSecretKey $ownSecret "bootstrap-admin-key") }}
{{- end }}
{{- end }}
{{- if $component.secretsMasterKey }}
{{- $key := index $values.services $name "secretsMasterKey" }}
{{- if or $key.value $key.existingSecret }}
{{ include "shellbox.secretEnv" (list "SHELLBOX_SECRETS_MASTER_KEY" $key.existingSecret $key.existingSecretKey $ownSecret "secrets-master-key") }}
{{- end }}
{{- end }}
{{- if $component.managesSandboxPods }}
- name: SHELLBOX_DEFAULT_PROVIDER
  value: {{ (index $values.services $name).defaultProvider | quote }}
- name: SHELLBOX_KEEP_CONTAINERS_ON_STOP
  value: {{ (index $values.services $name).keepContainersOnStop | quote }}
{{- end }}
{{- with (index $values.services $name).extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}
