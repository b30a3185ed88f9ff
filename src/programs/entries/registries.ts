// Package managers' sources: the registry, index or module proxy they fetch from, and the proxy they go through. A
// setting on the line that names another place (`npm --registry https://evil.example/`, `pip install -i …`,
// `GOPROXY=…`) re-aims them there: a place allowedHosts must list. Their own public defaults are no re-aiming.
import type { Word } from '../../types.js';
import { type Destination, envProxies, reroutes, urlHost } from '../hosts.js';
import { gitAddressHost } from './git.js';
import type { Call } from '../types.js';
import { asWritten, attached, literal, pieceShape, placeValues, value } from '../words.js';

interface Row {
  names: readonly string[];
  /** Long options (without `--`) naming a source URL; `=` attached or the next word. */
  urls: readonly string[];
  /** Long options naming a proxy (`host:port` needs no scheme). */
  proxies?: readonly string[];
  /** Short options taking the same, by letter: the long option they stand for. */
  short?: Readonly<Record<string, string>>;
  /** Long options whose value is `name=URL` (uv's `--index name=url`). */
  named?: readonly string[];
  /**
   * Long options whose value is a setting `KEY=VALUE` (dnf's and yum's `--setopt`): a KEY `source` matches names source
   * URLs (a list), one `proxy` matches a proxy or another place named by its host (`host:port` needs no scheme; `none`
   * names nothing). `files`: a value with no `=` written is a file of settings (terraform's `-backend-config=FILE`).
   * `computedNowhere`: a place computed whole (`address=${TF_ADDRESS}`, GitLab's managed state) is read nowhere.
   */
  settings?: { names: readonly string[]; source: RegExp; proxy: RegExp; none?: RegExp; files?: true; computedNowhere?: true };
  /**
   * Long options whose value is a package (a list, split at `,`), in any subcommand and in either spelling (`npx
   * --package=URL`, `uvx --from git+URL`, `pipx run --spec=URL`): one given as a URL is fetched from that place.
   */
  packages?: readonly string[];
  /** Environment variables naming a source (a list, split by `split`), matched case-insensitively. */
  env?: readonly string[];
  /** Environment variables naming a proxy. */
  envProxy?: readonly string[];
  /** How a variable's list splits (GOPROXY's `,` and `|`); words that are not places (`direct`, `off`) are dropped. */
  split?: RegExp;
  /** The program's own public hosts. */
  own: RegExp;
  /** Other hosts of its own for one option or variable (by its name as the row spells it): uv's publish URL may name PyPI's upload hosts, its index may not name TestPyPI. */
  ownFor?: Readonly<Record<string, RegExp>>;
  /** It honours the proxy variables (`HTTPS_PROXY`, `ALL_PROXY`) the line sets. */
  envProxies?: boolean;
  /** Options matched by prefix too: `--@scope:registry` (npm). */
  scoped?: RegExp;
  /**
   * Long options may also be written with one dash, in any case (`-Source`, `-source`): nuget.exe and Chocolatey read
   * them so. A one-dash word of one letter stays a short option.
   */
  oneDash?: boolean;
  /**
   * Its subcommands (the words before, joined by spaces) whose operands are packages: one given as a URL
   * (`pip install https://…/x.tar.gz`, `npm install git+https://…`, `git@host:repo`) is fetched from that place, and its
   * build or install scripts run.
   */
  installs?: RegExp;
  /** Every operand is a package: read with no subcommand before it too (cpanm's `cpanm URL`). */
  operands?: boolean;
  /** Options before the subcommand that take a value in the next word (`helm -n prod install …`): not a subcommand word. */
  valued?: RegExp;
  /** Go's modules: fetched from their own hosts when the line sends them past the module proxy (see goDirect). */
  modules?: true;
  /** Words after which the rest is a command it runs, not packages (nix's `--`, `-c`, `--command`). */
  ends?: RegExp;
  /**
   * The subcommand word its options above belong to: they are read only after it. docker's `-f` names a compose file
   * in `docker compose -f URL` alone; elsewhere it is another option (`docker rm -f ID`, `docker logs -f ID`).
   */
  after?: RegExp;
  /**
   * Its option parser takes a long option's unambiguous prefix (pip's optparse, twine's argparse, Ruby's OptionParser,
   * npm's nopt): `--index=URL` is `--index-url=URL`. A prefix of three letters or more that begins exactly one of the
   * options above is read as that option.
   */
  abbreviates?: boolean;
}

// The registries' own hosts, and the public mirrors and indexes everyday install instructions name (PyTorch's wheels,
// the npm and Go mirrors in China).
export const NPM_OWN = /^(?:registry\.(?:npmjs\.(?:org|com)|yarnpkg\.com|npmmirror\.com)|repo\.yarnpkg\.com)$/;
export const PYPI_OWN = /^(?:pypi\.org|pypi\.python\.org|files\.pythonhosted\.org|download\.pytorch\.org)$/;
// No host of its own: every place it is given is named by the line.
const NOWHERE = /(?!)/;
// The distributions' own hosts, and the vendors' repositories everyday install instructions add (`dnf install
// https://dl.fedoraproject.org/…/epel-release-latest-9.noarch.rpm`, `dnf config-manager --add-repo
// https://download.docker.com/…`).
const RPM_OWN =
  /^(?:dl\.fedoraproject\.org|download\.fedoraproject\.org|mirrors\.fedoraproject\.org|download1\.rpmfusion\.org|mirrors\.rpmfusion\.org|download\.opensuse\.org|mirror\.centos\.org|dl\.rockylinux\.org|repo\.almalinux\.org|download\.docker\.com|packages\.microsoft\.com|rpm\.nodesource\.com|rpm\.releases\.hashicorp\.com|dl\.google\.com)$/;
/** The Debian and Ubuntu archives, and the vendors' repositories everyday install instructions add. */
export const APT_OWN = /^(?:archive\.ubuntu\.com|[\w-]+\.archive\.ubuntu\.com|security\.ubuntu\.com|ports\.ubuntu\.com|deb\.debian\.org|security\.debian\.org|download\.docker\.com|packages\.microsoft\.com|deb\.nodesource\.com|apt\.releases\.hashicorp\.com|dl\.google\.com|packages\.cloud\.google\.com|apt\.kubernetes\.io|pkgs\.k8s\.io|cli\.github\.com|apt\.postgresql\.org|dl\.yarnpkg\.com)$/;

// PyPI's and TestPyPI's upload endpoints, where `twine upload` and `uv publish` send a package by default or by name.
const PYPI_UPLOAD = new RegExp(`${PYPI_OWN.source}|^(?:upload\\.pypi\\.org|test\\.pypi\\.org|upload\\.test\\.pypi\\.org)$`);
// The public forges a package is installed from by URL in everyday instructions (`pip install git+https://github.com/…`,
// `cargo install --git https://github.com/…`), with their archive and raw-file hosts.
export const NUGET_OWN = /^(?:api\.nuget\.org|www\.nuget\.org|nuget\.org|globalcdn\.nuget\.org)$/;
export const FORGES = /^(?:github\.com|codeload\.github\.com|objects\.githubusercontent\.com|raw\.githubusercontent\.com|gitlab\.com|bitbucket\.org|codeberg\.org|git\.sr\.ht)$/;

/**
 * The public registries and the clouds' (anyone may keep an image there, as on a forge). An image reference that names
 * another registry (`evil.example/x`, `evil.example:5000/x`) is code pulled from that host, the project's image pushed
 * to it, or the user's credentials sent to it (`login HOST`): judged by allowedHosts, as a package index the line
 * names is (`localhost:5000/x` passes).
 */
export const PUBLIC_REGISTRIES =
  /^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io|ghcr\.io|quay\.io|gcr\.io|[\w-]+\.gcr\.io|[\w-]+-docker\.pkg\.dev|mcr\.microsoft\.com|public\.ecr\.aws|\d+\.dkr\.ecr\.[\w-]+\.amazonaws\.com|[\w-]+\.azurecr\.io|registry\.gitlab\.com|registry\.k8s\.io|k8s\.gcr\.io|nvcr\.io|docker\.elastic\.co|cgr\.dev|lscr\.io)$/i;

const KUBE_OWN = new RegExp(`${FORGES.source}|^(?:k8s\\.io|[\\w-]+\\.k8s\\.io)$`);
const TF_OWN = new RegExp(`${FORGES.source}|^(?:registry\\.terraform\\.io|registry\\.opentofu\\.org|releases\\.hashicorp\\.com)$`);
const NIX_OWN = new RegExp(`${FORGES.source}|^(?:channels\\.nixos\\.org|releases\\.nixos\\.org|nixos\\.org|cache\\.nixos\\.org|flakehub\\.com)$`);
const CONTAINER_OWN = new RegExp(`${KUBE_OWN.source}|${PUBLIC_REGISTRIES.source}`, 'i');
const HELM_OWN = new RegExp(`${FORGES.source}|${PUBLIC_REGISTRIES.source}|^(?:[\\w-]+\\.github\\.io|charts\\.bitnami\\.com|charts\\.helm\\.sh|helm\\.releases\\.hashicorp\\.com|charts\\.jetstack\\.io)$`, 'i');

export const REGISTRY_ROWS: readonly Row[] = [
  {
    names: ['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx'],
    urls: ['registry'],
    abbreviates: true,
    proxies: ['proxy', 'https-proxy'],
    scoped: /^@[\w.-]+:registry$/,
    packages: ['package'],
    env: ['npm_config_registry', 'YARN_REGISTRY', 'YARN_NPM_REGISTRY_SERVER', 'BUN_CONFIG_REGISTRY'],
    envProxy: ['npm_config_proxy', 'npm_config_https_proxy', 'YARN_HTTPS_PROXY', 'YARN_HTTP_PROXY'],
    own: NPM_OWN,
    envProxies: true,
    // Yarn's `set version URL` (1.x: `policies set-version URL`) downloads yarn itself from the URL and makes every
    // later yarn run it (yarnPath).
    installs: /^(?:install|i|isntall|add|in|ins|inst|insta|instal|isnt|isnta|isntal|dlx|x|exec|set version|policies set-version)$/,
  },
  {
    names: ['pip', 'pip3'],
    urls: ['index-url', 'extra-index-url', 'find-links'],
    proxies: ['proxy'],
    // A requirements or constraints file by URL is fetched from its host (a forge's raw host is none).
    packages: ['requirement', 'constraint'],
    short: { i: 'index-url', f: 'find-links', r: 'requirement', c: 'constraint' },
    abbreviates: true,
    env: ['PIP_INDEX_URL', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS'],
    envProxy: ['PIP_PROXY'],
    split: /\s+/,
    own: PYPI_OWN,
    envProxies: true,
    installs: /^(?:install|download|wheel)$/,
  },
  {
    names: ['uv', 'uvx'],
    urls: ['index-url', 'extra-index-url', 'find-links', 'default-index', 'publish-url'],
    named: ['index'],
    packages: ['from', 'with', 'with-editable'],
    short: { i: 'index-url', f: 'find-links' },
    env: ['UV_INDEX_URL', 'UV_EXTRA_INDEX_URL', 'UV_DEFAULT_INDEX', 'UV_INDEX', 'UV_FIND_LINKS', 'UV_PUBLISH_URL'],
    split: /\s+/,
    // Its indexes are PyPI's (TestPyPI, where anyone uploads any name, is another index); it publishes to PyPI's upload hosts.
    own: PYPI_OWN,
    ownFor: { 'publish-url': PYPI_UPLOAD, UV_PUBLISH_URL: PYPI_UPLOAD },
    envProxies: true,
    installs: /^(?:pip install|add|tool install|tool run|run --with|pip download)$/,
  },
  // Uploaders of a built package (the project's code) to an index: `twine upload --repository-url URL` (or
  // TWINE_REPOSITORY_URL), `hatch publish -r URL` (or HATCH_INDEX_REPO; a name is a repository of the user's settings),
  // FLIT_INDEX_URL; uv's is `uv publish --publish-url` above. PyPI's own upload hosts are no re-aiming.
  { names: ['twine'], urls: ['repository-url'], env: ['TWINE_REPOSITORY_URL'], own: PYPI_UPLOAD, envProxies: true, abbreviates: true },
  { names: ['hatch'], urls: ['repo'], short: { r: 'repo' }, env: ['HATCH_INDEX_REPO'], own: PYPI_UPLOAD, envProxies: true },
  { names: ['flit'], urls: [], env: ['FLIT_INDEX_URL'], own: PYPI_UPLOAD, envProxies: true },
  { names: ['go'], urls: [], env: ['GOPROXY'], split: /[,|]/, own: /^(?:proxy\.golang\.org|goproxy\.cn|goproxy\.io)$/, envProxies: true, modules: true },
  { names: ['cargo'], urls: ['git', 'index'], envProxy: ['CARGO_HTTP_PROXY'], own: FORGES, envProxies: true },
  // Poetry and PDM add a package by URL or git address, and `poetry source add NAME URL` names an index for the project.
  // `poetry config repositories.NAME URL` names a repository a later `poetry publish -r NAME` uploads the package to.
  { names: ['poetry'], urls: [], own: PYPI_OWN, envProxies: true, installs: /^(?:add|source add|config)$/ },
  // `composer config repositories.NAME vcs URL` writes a repository into composer.json, which the install after it fetches from.
  { names: ['composer'], urls: ['repository', 'repository-url'], own: /^(?:repo\.packagist\.org|packagist\.org)$/, installs: /^(?:config|conf|confi)$/ },
  // `pdm config pypi.url URL` (and a source's `pypi.NAME.url`) keeps an index every later install reads.
  { names: ['pdm'], urls: [], env: ['PDM_PYPI_URL'], own: PYPI_OWN, envProxies: true, installs: /^(?:add|config)$/ },
  { names: ['pipx'], urls: ['index-url'], short: { i: 'index-url' }, packages: ['spec'], own: PYPI_OWN, installs: /^(?:install|run|inject)$/ },
  // conda's channels are names (`-c conda-forge`, read on anaconda.org) or URLs of any host.
  {
    names: ['conda', 'mamba', 'micromamba'],
    urls: ['channel'],
    short: { c: 'channel' },
    own: /^(?:conda\.anaconda\.org|repo\.anaconda\.com|anaconda\.org|conda-static\.anaconda\.org|prefix\.dev|repo\.prefix\.dev)$/,
    envProxies: true,
    // `conda config --add channels URL` keeps a channel in ~/.condarc that every later install reads.
    installs: /^(?:install|create|update|env create|run|config)$/,
  },
  // `gem push --host URL` uploads the gem (the project) to that host.
  { names: ['gem'], urls: ['source', 'host'], short: { s: 'source' }, abbreviates: true, proxies: ['http-proxy'], own: /^(?:rubygems\.org|index\.rubygems\.org)$/, envProxies: true },
  // .NET's NuGet feeds: `dotnet add package X -s URL`, `dotnet tool install --add-source URL`, `dotnet nuget add source
  // URL` (a feed every later restore reads), nuget.exe's `-Source`.
  {
    names: ['dotnet'],
    urls: ['source', 'add-source'],
    short: { s: 'source' },
    own: NUGET_OWN,
    envProxies: true,
    installs: /^nuget (?:add|update) source$/,
  },
  { names: ['nuget'], urls: ['source', 'fallbacksource'], oneDash: true, own: NUGET_OWN, envProxies: true },
  // Windows' package managers: Chocolatey's `-s`/`--source` (a feed, or `choco source add`), winget's `source add NAME
  // URL` (`-a`/`--arg`) and a manifest by URL (`winget install -m URL`: the installer it names is fetched and run),
  // Scoop's buckets and manifests by URL (`scoop bucket add x URL`, `scoop install URL`).
  {
    names: ['choco', 'cinst', 'cup'],
    urls: ['source'],
    proxies: ['proxy'],
    short: { s: 'source' },
    oneDash: true,
    own: /^(?:community\.chocolatey\.org|chocolatey\.org|packages\.chocolatey\.org)$/,
  },
  { names: ['winget'], urls: ['arg', 'manifest'], short: { a: 'arg', m: 'manifest' }, own: /^(?:cdn\.winget\.microsoft\.com|winget\.azureedge\.net|storeedgefd\.dsx\.mp\.microsoft\.com)$/, installs: /^source add$/ },
  { names: ['scoop'], urls: [], own: /^(?:scoop\.sh)$/, installs: /^(?:install|update|bucket add)$/ },
  // Kubernetes manifests, kustomizations and Helm charts by URL (`kubectl apply -f https://…`, `-k URL`, `kubectl
  // kustomize URL`, `kustomize build URL`, `podman kube play URL`, `helm install x https://…/x.tgz` or `oci://HOST/…`,
  // `--repo URL`, `helm repo add NAME URL`, which every later install reads): fetched from that host and applied to the
  // cluster; `helm push CHART oci://HOST/…` uploads the project's chart there. The forges, the Kubernetes project's
  // hosts, GitHub Pages (where most chart repositories live, as on a forge) and the public image registries are no place.
  { names: ['kubectl', 'oc'], urls: ['filename', 'kustomize'], short: { f: 'filename', k: 'kustomize' }, own: KUBE_OWN, installs: /^kustomize$/ },
  { names: ['kustomize'], urls: [], own: KUBE_OWN, installs: /^(?:build|localize)$/ },
  // Compose reads a compose file by URL (`docker compose -f oci://HOST/…`, a git URL): its services' images and commands.
  // In docker, podman and nerdctl the compose file is `compose`'s option: `docker rm -f "$(docker ps -aq)"` forces.
  { names: ['podman'], urls: ['file'], short: { f: 'file' }, own: CONTAINER_OWN, installs: /^(?:kube play|play kube)$/, after: /^compose$/ },
  { names: ['docker', 'nerdctl'], urls: ['file'], short: { f: 'file' }, own: CONTAINER_OWN, after: /^compose$/ },
  { names: ['docker-compose', 'podman-compose'], urls: ['file'], short: { f: 'file' }, own: CONTAINER_OWN },
  { names: ['helm'], urls: ['repo'], own: HELM_OWN, valued: /^(?:-n|--namespace|--kube-context|--kubeconfig|--kube-apiserver|--kube-token|--kube-as-user|--kube-as-group|--kube-ca-file|--registry-config|--repository-cache|--repository-config|--burst-limit|--qps)$/, installs: /^(?:install|upgrade|template|pull|fetch|push|inspect|show (?:all|chart|crds|readme|values)|repo add|dependency build|dep build)$/ },
  // Modules, roles, boxes, channels and expressions fetched by URL: `terraform init -from-module=URL` (go-getter's
  // `git::https://…` too), `ansible-galaxy install URL` (or `--server URL`), `vagrant box add [NAME] URL`, `opam repo add
  // NAME URL` and `opam pin add NAME URL`, `deno cache|install|compile|info URL`, Nix's expressions by URL (`nix-shell
  // URL`, `nix-build URL`, `nix-env -f URL`, `-I nixpkgs=URL`) and `nix-channel --add URL` (kept for every later
  // install), a Maven property that names a repository or a server (`-DremoteRepositories=URL`,
  // `-DaltDeploymentRepository=id::default::URL`, `-Dsonar.host.url=URL`).
  // `-backend-config=KEY=VALUE` names where init keeps the state (which holds the infrastructure's secrets): the http
  // backend's address (and its lock addresses), consul's address, S3's endpoint, pg's connection string.
  {
    names: ['terraform', 'tofu'],
    urls: ['from-module'],
    oneDash: true,
    own: TF_OWN,
    settings: { names: ['backend-config'], source: /(?!)/, proxy: /^(?:address|lock_address|unlock_address|endpoint|endpoints\.\w+|conn_str)$/i, files: true, computedNowhere: true },
  },
  { names: ['ansible-galaxy'], urls: ['server'], short: { s: 'server' }, own: /^(?:galaxy\.ansible\.com|old-galaxy\.ansible\.com)$/, installs: /^(?:install|collection install|role install|collection download)$/ },
  { names: ['vagrant'], urls: [], own: /^(?:vagrantcloud\.com|app\.vagrantup\.com|portal\.cloud\.hashicorp\.com)$/, installs: /^(?:box add|init)$/ },
  { names: ['opam'], urls: [], own: /^(?:opam\.ocaml\.org)$/, installs: /^(?:repo add|repository add|pin add|pin|install)$/ },
  { names: ['deno'], urls: [], own: /^(?:deno\.land|jsr\.io|esm\.sh|esm\.run|cdn\.jsdelivr\.net|unpkg\.com|cdn\.skypack\.dev)$/, installs: /^(?:cache|install|compile|info|check|vendor|bundle|add)$/ },
  { names: ['nix-shell', 'nix-build', 'nix-env', 'nix-instantiate'], urls: ['file'], named: ['include'], short: { f: 'file', I: 'include' }, own: NIX_OWN, operands: true },
  { names: ['nix-channel'], urls: ['add'], own: NIX_OWN },
  // bazel sends the build's inputs and outputs to a remote cache or executor and its events to a BES backend, fetches
  // modules from a registry and every download through a remote downloader; bazelisk downloads bazel itself from
  // BAZELISK_BASE_URL and runs it. Bazel's own hosts and the forges are no place.
  { names: ['bazel', 'bazelisk'], urls: ['remote_cache', 'remote_executor', 'bes_backend', 'registry', 'remote_downloader', 'experimental_remote_downloader', 'remote_asset_api'], env: ['BAZELISK_BASE_URL'], own: new RegExp(`${FORGES.source}|^(?:bcr\\.bazel\\.build|releases\\.bazel\\.build|mirror\\.bazel\\.build)$`) },
  { names: ['mvn', 'mvnw'], urls: [], named: ['define'], short: { D: 'define' }, own: new RegExp(`${FORGES.source}|^(?:repo\\.maven\\.apache\\.org|repo1\\.maven\\.org|central\\.sonatype\\.com|oss\\.sonatype\\.org|s01\\.oss\\.sonatype\\.org|plugins\\.gradle\\.org)$`) },
  // Installers whose operands may be a URL, fetched from its host (the forges are no place, as above): Homebrew's
  // formula, cask or tap (`brew install https://…/x.rb`, `brew tap user/x URL`), an RPM by URL (`dnf install URL`,
  // `zypper addrepo URL`), a rock or a rockspec (`luarocks install URL`, `--server URL`), a CPAN distribution
  // (`cpanm URL`: each operand is a package), a gh extension's repository, a version manager's plugin (`asdf plugin
  // add x URL`), a Mix archive or escript, a flake (`nix run https://…/x.tar.gz`), a Flatpak ref or remote.
  { names: ['brew'], urls: [], own: /^(?:formulae\.brew\.sh|ghcr\.io)$/, installs: /^(?:install|reinstall|upgrade|fetch|tap|tap-new)$/ },
  { names: ['yum-config-manager'], urls: ['add-repo'], own: RPM_OWN },
  // A run's settings re-aim them too: `--setopt=proxy=URL`, `--setopt=REPO.baseurl|mirrorlist|metalink=URL`
  // (`*.baseurl`), `--repofrompath=ID,URL`, zypper's `--plus-repo URL` (`-p`); the proxy variables the line sets.
  {
    names: ['dnf', 'dnf5', 'yum', 'microdnf', 'zypper', 'tdnf'],
    urls: ['add-repo', 'from-repofile', 'repofrompath', 'plus-repo'],
    short: { p: 'plus-repo' },
    settings: { names: ['setopt'], source: /^(?:[^=]*\.)?(?:baseurl|mirrorlist|metalink)$/i, proxy: /^(?:[^=]*\.)?proxy$/i, none: /^(?:_none_|)$/i },
    split: /[\s,]+/,
    abbreviates: true,
    own: RPM_OWN,
    envProxies: true,
    installs: /^(?:install|in|localinstall|reinstall|upgrade|up|update|addrepo|ar|config-manager)$/,
  },
  // apt's `-o Acquire::http::Proxy=URL` (https, ftp, socks; `::HOST` for one host; DIRECT or false names none) and
  // the proxy variables the line sets (its sources and hooks are read in tools.ts).
  {
    names: ['apt', 'apt-get', 'aptitude'],
    urls: [],
    short: { o: 'option' },
    settings: { names: ['option'], source: /(?!)/, proxy: /^Acquire::(?:https?|ftp|socks)::Proxy(?:::.*)?$/i, none: /^(?:DIRECT|false|)$/i },
    own: APT_OWN,
    envProxies: true,
  },
  // Alpine's apk: `--repository URL` (`-X`), anywhere on the line; pacman's `-U URL` (each operand given as a URL).
  { names: ['apk'], urls: ['repository'], short: { X: 'repository' }, own: /^(?:dl-cdn\.alpinelinux\.org|dl-\d+\.alpinelinux\.org|mirrors\.alpinelinux\.org)$/, envProxies: true },
  { names: ['pacman'], urls: [], own: /^(?:[\w-]+\.archlinux\.org|archlinux\.org|geo\.mirror\.pkgbuild\.com)$/, envProxies: true, operands: true },
  // Bundler's `add NAME --git URL` / `--source URL` writes the Gemfile's source and installs from it; `bundle config
  // [set] mirror.URL MIRROR` keeps a mirror every later install fetches gems from.
  { names: ['bundle', 'bundler'], urls: ['source'], packages: ['git'], own: /^(?:rubygems\.org|index\.rubygems\.org)$/, envProxies: true, installs: /^config$/ },
  // rpm's modes are options (`rpm -ivh URL`, `rpm -Uvh URL`, `rpm --import KEY-URL`): each operand given as a URL is fetched.
  { names: ['rpm'], urls: [], own: RPM_OWN, operands: true },
  { names: ['luarocks'], urls: ['server', 'only-server'], own: /^(?:luarocks\.org)$/, installs: /^(?:install|build|download|make)$/ },
  { names: ['cpanm', 'cpm'], urls: ['mirror'], own: /^(?:cpan\.metacpan\.org|www\.cpan\.org|cpan\.org)$/, installs: /^(?:install)$/, operands: true },
  { names: ['gh'], urls: [], own: NOWHERE, installs: /^(?:extension|extensions|ext) (?:install|i)$/ },
  { names: ['asdf', 'mise', 'rtx'], urls: [], own: NOWHERE, installs: /^(?:plugin|plugins) (?:add|install|i)$/ },
  { names: ['mix'], urls: [], own: /^(?:hex\.pm|repo\.hex\.pm|builds\.hex\.pm)$/, installs: /^(?:archive\.install|escript\.install)$/ },
  { names: ['nix'], urls: [], own: /^(?:channels\.nixos\.org|releases\.nixos\.org|cache\.nixos\.org|flakehub\.com|api\.flakehub\.com)$/, installs: /^(?:run|shell|develop|build|profile install|profile add|registry add|flake init|flake new|flake show|flake update)$/, ends: /^(?:--|-c|--command)$/ },
  { names: ['flatpak'], urls: [], own: /^(?:flathub\.org|dl\.flathub\.org)$/, installs: /^(?:install|remote-add)$/ },
];

const BY_NAME = new Map<string, Row>();
for (const row of REGISTRY_ROWS) for (const n of row.names) BY_NAME.set(n, row);

/** A source's places: a URL value only (a local directory or `file://` index is no place), `name=URL` read past the name. */
function sources(word: Word, row: Row, named = false, own: RegExp = row.own): Destination[] {
  const values = placeValues(word);
  if (values === null) return reroutes(word, own);
  const urls = values
    .flatMap((v) => (row.split ? v.split(row.split) : [v]))
    // `name=URL` read past the name (Maven's `-DaltDeploymentRepository=id::default::URL` past its id too); a JSON
    // repository (`composer --repository='{"type":"vcs","url":"https://…"}'`) by the URLs in it; go-getter's forced
    // transport (`git::https://…`) and an OCI reference (`oci://HOST/…`) by the host they reach.
    .flatMap((v) => (/^\s*\{/.test(v) ? [...v.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s"']+/gi)].map((m) => m[0]) : [named && /^[\w.-]+=/.test(v) && v.includes('://') ? v.slice(v.search(/[a-z][a-z0-9+.-]*:\/\//i)) : v]))
    .map((v) => v.trim().replace(/^[a-z0-9]+::(?=[a-z][a-z0-9+.-]*:\/\/)/i, '').replace(/^oci:\/\//i, 'https://'))
    .filter((v) => /^[a-z][a-z0-9+.-]*:\/\//i.test(v) && !/^file:/i.test(v));
  return urls.length === 0 ? [] : reroutes({ ...word, values: urls }, own);
}

/** The places a `KEY=VALUE` setting names (Row.settings): a source's URLs, a proxy; a computed one may name any. */
function settingPlaces(word: Word, row: Row): Destination[] {
  const s = row.settings!;
  if (word.values === null) {
    // A computed setting whose key is written out (`"key=${ENV}.tfstate"`, `address=https://evil.example/$X`) is read
    // by that key, its value as written after the `=`; one whose key is computed may be any setting.
    const text = /^"[^"]*"$/.test(word.text) ? word.text.slice(1, -1) : word.text;
    const shape = pieceShape(word);
    const eq = shape?.indexOf('=') ?? -1;
    const key = shape?.slice(0, Math.max(eq, 0)).trim() ?? '';
    if (shape !== undefined && eq < 0 && s.files) return [];
    if (eq < 0 || key.includes('\u0000') || !/^[\w.-]+=/.test(text)) return reroutes(word, row.own);
    const set = attached(word, text.slice(text.indexOf('=') + 1));
    if (s.source.test(key)) return sources(set, row);
    const values = placeValues(set);
    if (!s.proxy.test(key) || (values === null && s.computedNowhere)) return [];
    return reroutes({ ...set, values }, row.own);
  }
  return word.values.flatMap((v) => {
    const eq = v.indexOf('=');
    const key = v.slice(0, Math.max(eq, 0)).trim();
    const set = v.slice(eq + 1).trim();
    if (eq < 0 || s.none?.test(set)) return [];
    if (s.source.test(key)) return sources(attached(word, set), row);
    return s.proxy.test(key) ? reroutes(attached(word, set), row.own) : [];
  });
}

/** The option a long option's name stands for: itself, or the one option of the row it is a prefix of when the row's parser abbreviates. */
function abbreviated(row: Row, name: string): string {
  if (!row.abbreviates || name.length < 3) return name;
  const all = [...row.urls, ...(row.named ?? []), ...(row.proxies ?? []), ...(row.packages ?? []), ...(row.settings?.names ?? [])];
  if (all.includes(name)) return name;
  const begun = all.filter((o) => o.startsWith(name));
  return begun.length === 1 ? begun[0]! : name;
}

/** Where the settings of this invocation re-aim a package manager (none for another program). */
export function registryReroutes(call: Call): Destination[] {
  // `python3 -m pip …` is pip.
  const m = /^python[\d.]*$/.test(call.name) ? call.args.findIndex((a, i) => value(a) === '-m' && /^(?:pip3?|twine)$/.test(value(call.args[i + 1]) ?? '')) : -1;
  const row = m >= 0 ? BY_NAME.get(value(call.args[m + 1]) === 'twine' ? 'twine' : 'pip') : (BY_NAME.get(call.name) ?? BY_NAME.get(call.program));
  if (!row) return [];
  const at = call.args[0] ?? literal(call.name, { start: 0, end: 0 });
  const args = m >= 0 ? call.args.slice(m + 2) : call.args;
  const out: Destination[] = [];
  const take = (name: string, word: Word | undefined) => {
    if (!word) return;
    if (row.urls.includes(name) || row.scoped?.test(name)) out.push(...sources(word, row, false, row.ownFor?.[name]));
    else if (row.named?.includes(name)) out.push(...sources(word, row, true));
    else if (row.proxies?.includes(name)) out.push(...reroutes(word, row.own));
    else if (row.packages?.includes(name)) out.push(...packageHosts({ ...word, values: word.values?.flatMap((x) => x.split(',')) ?? null }, row));
    else if (row.settings?.names.includes(name)) out.push(...settingPlaces(word, row));
  };
  // Options read after their subcommand word only (a word that may be it, computed, counts as it).
  const from = row.after ? args.findIndex((a) => value(a) === undefined || row.after!.test(value(a)!)) : -1;
  for (let i = row.after ? (from < 0 ? args.length : from + 1) : 0; i < args.length; i++) {
    // A glob is read as written too (`--setopt=*.baseurl=URL`): unmatched, it is the word the program sees.
    const v = asWritten(args[i]);
    if (v === '--') break;
    if (v === undefined) {
      // A long option written out whose value is computed (`--index-url=https://evil.example/$X`, `--registry="$R"`,
      // terraform's `-backend-config="address=…/$X"`): that value, as written after the `=`.
      const w = args[i]!;
      const long = w.values === null ? /^(--?)([@\w][\w.:@/-]*)=/.exec(w.text) : null;
      const name = !long || (long[1] === '-' && !row.oneDash) ? undefined : long[1] === '-' ? long[2]!.toLowerCase() : abbreviated(row, long[2]!);
      if (name !== undefined && (row.urls.includes(name) || row.named?.includes(name) || row.proxies?.includes(name) || row.scoped?.test(name) || row.packages?.includes(name) || row.settings?.names.includes(name))) take(name, attached(w, w.text.slice(long![0].length)));
      continue;
    }
    const long = /^--([@\w][\w.:@/-]*)(?:=([\s\S]*))?$/.exec(v);
    if (long) {
      const name = abbreviated(row, long[1]!);
      const known = row.urls.includes(name) || row.named?.includes(name) || row.proxies?.includes(name) || row.scoped?.test(name) || row.packages?.includes(name) || row.settings?.names.includes(name);
      if (!known) continue;
      take(name, long[2] !== undefined ? attached(args[i]!, long[2]) : args[++i]);
      continue;
    }
    const oneDash = row.oneDash ? /^-([A-Za-z][\w-]+)(?:[=:]([\s\S]*))?$/.exec(v) : null;
    const spelled = oneDash?.[1]?.toLowerCase();
    if (oneDash && spelled && (row.urls.includes(spelled) || row.proxies?.includes(spelled) || row.settings?.names.includes(spelled))) {
      take(spelled, oneDash[2] !== undefined ? attached(args[i]!, oneDash[2]) : args[++i]);
      continue;
    }
    const short = /^-([A-Za-z])([\s\S]*)$/.exec(v);
    const name = short ? row.short?.[short[1]!] : undefined;
    if (short && name) take(name, short[2] !== '' ? attached(args[i]!, short[2]!) : args[++i]);
  }
  // uvx, npx, pnpx and bunx are the install-and-run subcommand themselves: every operand is read (`uvx --from git+URL x`).
  if (row.installs) out.push(...packageUrls(args, row, /^(?:uvx|npx|pnpx|bunx)$/.test(call.name)));
  if (row.operands) for (const w of args) if (!(value(w) ?? '').startsWith('-')) out.push(...packageHosts(w, row));
  const names = call.envNames?.() ?? [];
  for (const [list, proxy] of [
    [row.env ?? [], false],
    [row.envProxy ?? [], true],
  ] as const) {
    for (const wanted of list) {
      for (const name of names.filter((n) => n.toLowerCase() === wanted.toLowerCase())) {
        const v = call.env(name);
        if (v === undefined) continue;
        const word: Word = v === null ? { ...at, values: null, dynamic: `$${name} is computed` } : attached(at, v);
        if (proxy) out.push(...reroutes(word, row.own));
        else out.push(...sources(word, row, false, row.ownFor?.[wanted]));
      }
    }
  }
  if (row.envProxies) out.push(...envProxies(call, at));
  if (row.modules) out.push(...goDirect(call, args, at));
  return out;
}

/**
 * The hosts of the public Go module paths everyday instructions fetch directly (the forges, Go's own and its vanity
 * hosts): their code is what the module proxy would serve.
 */
const GO_OWN = new RegExp(`${FORGES.source}|^(?:golang\\.org|google\\.golang\\.org|go\\.googlesource\\.com|gopkg\\.in|go\\.uber\\.org|k8s\\.io|sigs\\.k8s\\.io|cloud\\.google\\.com|go\\.opentelemetry\\.io|honnef\\.co|gotest\\.tools|mvdan\\.cc)$`);

/** Whether a module path matches one of GOPRIVATE's (or GONOPROXY's) comma-separated globs, each matching a prefix of its elements. */
function goPrivate(path: string, patterns: string): boolean {
  const parts = path.split('/');
  return patterns.split(',').some((p) => {
    const globs = p.trim().split('/');
    if (p.trim() === '' || globs.length > parts.length) return false;
    return globs.every((g, i) => new RegExp(`^${g.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}$`).test(parts[i]!));
  });
}

/**
 * Where `go get`, `go install`, `go run PATH@VERSION` and `go mod download` fetch a module the line names straight from
 * its host rather than through the module proxy: every module when GOPROXY starts with `direct`, and those GONOPROXY
 * (or else GOPRIVATE) matches. go then asks that host (any host the path names, over HTTPS, or plain HTTP where
 * GOINSECURE lets it) for the module's code. A computed setting cannot be read.
 */
function goDirect(call: Call, args: readonly Word[], at: Word): Destination[] {
  const sub = args.findIndex((w) => !(value(w) ?? '-').startsWith('-'));
  const words = args.slice(sub).map((w) => value(w));
  const fetches = words[0] === 'get' || words[0] === 'install' || words[0] === 'run' || (words[0] === 'mod' && words[1] === 'download');
  if (sub < 0 || !fetches) return [];
  const proxy = call.env('GOPROXY');
  const nonProxy = call.env('GONOPROXY') ?? call.env('GOPRIVATE');
  const out: Destination[] = [];
  // GOSUMDB names the checksum database go asks about every module it fetches: `NAME[+KEY] [URL]`.
  const sumdb = call.env('GOSUMDB');
  if (sumdb === null) out.push({ word: at, why: 'GOSUMDB is computed' });
  else if (sumdb !== undefined && sumdb.trim() !== '' && sumdb.trim() !== 'off') {
    const [name, url] = sumdb.trim().split(/\s+/);
    const h = urlHost(url ?? `https://${name!.replace(/\+.*$/, '')}`);
    if (!('host' in h) || !/^sum\.golang\.(?:org|google\.cn)$/.test(h.host)) out.push('host' in h ? { word: at, host: h.host } : { word: at, why: h.why });
  }
  if (proxy === null) return out;
  const allDirect = proxy !== undefined && /^\s*direct\s*(?:[,|]|$)/.test(proxy);
  if (!allDirect && nonProxy === undefined) return out;
  for (const w of args.slice(sub + (words[0] === 'mod' ? 2 : 1))) {
    const v = value(w);
    if (v === undefined || v.startsWith('-')) continue;
    const path = v.replace(/@.*$/, '');
    // `go run main.go`, `./cmd/x`, `fmt`: no module to fetch; a module path starts with a host name (a dot in it).
    if (/^[./]/.test(path) || path.endsWith('.go') || !/^[^/]*\.[^/]*/.test(path)) continue;
    if (words[0] === 'run' && !v.includes('@')) continue;
    if (!allDirect && nonProxy === null) {
      out.push({ word: w, why: 'GONOPROXY or GOPRIVATE is computed: which modules go fetches straight from their hosts cannot be told' });
      continue;
    }
    if (!allDirect && !goPrivate(path, nonProxy!)) continue;
    const h = urlHost(`https://${path}`);
    if ('host' in h && GO_OWN.test(h.host)) continue;
    out.push('host' in h ? { word: w, host: h.host } : { word: w, why: h.why });
  }
  return out;
}

/**
 * The places the operands of an install (`pip install URL`, `npm i git+https://…`, `uv add git+ssh://git@host/x`) are
 * fetched from: each operand that is a URL or an scp-like `user@host:path` after a subcommand `installs` matches (its
 * words before, options dropped, joined by spaces). The registry's own hosts and the public forges are no place.
 */
function packageUrls(args: readonly Word[], row: Row, runner = false): Destination[] {
  const words: string[] = [];
  let i = runner ? -1 : 0;
  // An option that is the install (`uv run --with URL`, `--with=URL`, each time it is given): its value is a package list.
  const valued: Word[] = [];
  let matched = runner;
  for (; !runner && i < args.length; i++) {
    const v = value(args[i]);
    if (v === undefined) break;
    if (v.startsWith('-')) {
      const eq = v.indexOf('=');
      if (eq < 0 && words.length === 0 && row.valued?.test(v)) {
        i++;
        continue;
      }
      if (words.length > 0 && row.installs!.test(`${words.join(' ')} ${eq > 0 ? v.slice(0, eq) : v}`)) {
        const list = eq > 0 ? attached(args[i]!, v.slice(eq + 1)) : args[++i];
        if (list) valued.push({ ...list, values: list.values?.flatMap((x) => x.split(',')) ?? null });
      }
      continue;
    }
    words.push(v);
    if (row.installs!.test(words.join(' '))) {
      matched = true;
      break;
    }
    if (words.length > 2) break;
  }
  const out: Destination[] = [];
  // A runner's words are its options and the package it runs; the words after that are the program's own.
  let end = args.length;
  if (runner) {
    for (let j = 0; j < args.length; j++) {
      const v = value(args[j]) ?? '';
      const prev = value(args[j - 1]) ?? '';
      if (v.startsWith('-') || (prev.startsWith('-') && !prev.includes('='))) continue;
      end = j + 1;
      break;
    }
  }
  if (row.ends) {
    const stop = args.findIndex((w, j) => j > i && row.ends!.test(value(w) ?? ''));
    if (stop >= 0 && stop < end) end = stop;
  }
  for (const word of [...valued, ...(matched ? args.slice(i + 1, end) : [])]) out.push(...packageHosts(word, row));
  return out;
}

/** The places a word naming packages fetches from: each value that is a URL or a git address outside the row's own hosts and the forges. */
function packageHosts(word: Word, row: Row): Destination[] {
  const own = new RegExp(`${row.own.source}|${FORGES.source}`);
  const out: Destination[] = [];
  // (A computed package whose host is written out, `https://evil.example/$P.tgz`, is fetched from that host.)
  for (const v of placeValues(word) ?? []) {
    // A PEP 508 direct reference (`name @ URL`) and pip's and npm's `git+` prefix lead the address git would read.
    // An OCI reference (`oci://HOST/…`: helm's charts, flux's artifacts) is fetched from its registry over HTTPS.
    // (Bundler's `mirror.URL` key names the source it mirrors, read as that URL.)
    const address = v.replace(/^mirror\.(?=[a-z][a-z0-9+.-]*:\/\/)/i, '').replace(/^[\w.-]+\s*@\s*(?=[a-z][a-z0-9+.-]*:\/\/)/i, '').replace(/^git\+/i, '').replace(/^oci:\/\//i, 'https://');
    // A URL, or scp's `user@host:path` (not npm's `github:user/repo` nor a `file:` path).
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(address) && !/^[^@/:\s]+@[^:/\s]+:/.test(address)) continue;
    const h = gitAddressHost(address);
    if (h === undefined || ('host' in h && own.test(h.host))) continue;
    out.push('host' in h ? { word, host: h.host } : { word, why: h.why });
  }
  return out;
}
